import Foundation

/// Base64 and base64url coding for tokens.
enum Base64 {
    /// Standard base64 with padding.
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    /// Decodes standard base64 (padding optional); nil when malformed.
    static func decode(_ text: String) -> [UInt8]? {
        Data(base64Encoded: padded(text)).map { Array($0) }
    }

    /// Base64url without padding, as in JWTs.
    static func encodeURL(_ bytes: [UInt8]) -> String {
        String(decoding: encode(bytes).utf8.compactMap { byte in
            byte == UInt8(ascii: "=") ? nil : byte == UInt8(ascii: "+") ? UInt8(ascii: "-") : byte == UInt8(ascii: "/") ? UInt8(ascii: "_") : byte
        }, as: UTF8.self)
    }

    private static func padded(_ text: String) -> String {
        let remainder = text.utf8.count % 4
        return remainder == 0 ? text : text + String(repeating: "=", count: 4 - remainder)
    }
}
