import Foundation

/// Base64 and base64url coding for tokens.
enum Base64 {
    /// Standard base64 with padding.
    static func encode(_ bytes: [UInt8]) -> String { encode(bytes, alphabet: standardAlphabet, padded: true) }

    /// Decodes standard base64 (padding optional); nil when malformed.
    static func decode(_ text: String) -> [UInt8]? {
        Data(base64Encoded: padded(text)).map { Array($0) }
    }

    /// Decodes a proto3 JSON `bytes` value: standard or URL-safe base64, padding optional; nil when malformed.
    static func decodeEitherAlphabet(_ text: String) -> [UInt8]? {
        decode(String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 }))
    }

    /// Base64url without padding, as in JWTs.
    static func encodeURL(_ bytes: [UInt8]) -> String { encode(bytes, alphabet: urlAlphabet, padded: false) }

    private static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Every 3 bytes as 4 digits of `alphabet`; a last 1 or 2 bytes as 2 or 3 digits, then `=`s when `padded`.
    private static func encode(_ bytes: [UInt8], alphabet: [UInt8], padded: Bool) -> String {
        let tail = bytes.count % 3
        let count = bytes.count / 3 * 4 + (tail == 0 ? 0 : padded ? 4 : tail + 1)
        return String(unsafeUninitializedCapacity: count) { output in
            alphabet.withUnsafeBufferPointer { digits in
                var written = 0
                func put(_ value: UInt32, _ digitCount: Int) {
                    for index in 0..<digitCount {
                        output[written] = digits[Int(value >> UInt32(18 - 6 * index) & 0x3F)]
                        written += 1
                    }
                }
                var index = 0
                while index + 3 <= bytes.count {
                    put(UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]), 4)
                    index += 3
                }
                if tail > 0 {
                    let value = UInt32(bytes[index]) << 16 | (tail == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                    put(value, tail + 1)
                    if padded {
                        for _ in tail..<3 {
                            output[written] = UInt8(ascii: "=")
                            written += 1
                        }
                    }
                }
                return written
            }
        }
    }

    private static func padded(_ text: String) -> String {
        let remainder = text.utf8.count % 4
        return remainder == 0 ? text : text + String(repeating: "=", count: 4 - remainder)
    }
}
