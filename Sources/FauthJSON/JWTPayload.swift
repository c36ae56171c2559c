/// Reads the payload of a JSON Web Token in compact form (RFC 7519: `header.payload.signature`, each part base64url)
/// without checking its signature; shared by the client, which reads a few claims of its ID token, and the emulator,
/// which accepts any decodable JWT as Firebase's emulator does (on every request that carries one).
package enum JWTPayload {
    /// The payload of `token` when it has three parts whose header and payload are base64url-encoded JSON objects;
    /// nil otherwise (padding is optional, and the standard alphabet's `+` and `/` are accepted too).
    package static func decode(_ token: String) -> JSONObject? {
        var token = token
        return token.withUTF8(decode)
    }

    private static func decode(_ token: UnsafeBufferPointer<UInt8>) -> JSONObject? {
        let dot = UInt8(ascii: ".")
        guard let firstDot = ByteScan.firstIndex(of: dot, in: token, from: 0),
            let secondDot = ByteScan.firstIndex(of: dot, in: token, from: firstDot + 1),
            ByteScan.firstIndex(of: dot, in: token, from: secondDot + 1) == nil,
            let header = decodeBase64(UnsafeBufferPointer(rebasing: token[..<firstDot])),
            (try? JSONValue.parse(header))?.object != nil,
            let payload = decodeBase64(UnsafeBufferPointer(rebasing: token[(firstDot + 1)..<secondDot]))
        else {
            return nil
        }
        return (try? JSONValue.parse(payload))?.object
    }

    /// Base64url (or base64) bytes decoded; nil for a character outside the alphabets, misplaced padding or a
    /// length no encoding produces.
    package static func base64URLDecode(_ text: some Collection<UInt8>) -> [UInt8]? {
        if let decoded = text.withContiguousStorageIfAvailable(decodeBase64) { return decoded }
        return Array(text).withUnsafeBufferPointer(decodeBase64)
    }

    /// The decoder over contiguous text: at most two `=` and only at the end, padding (when present) completing a
    /// group of four, and never one digit alone in the last group. Bits past the last whole byte are ignored.
    private static func decodeBase64(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var digitCount = text.count
        while digitCount > 0, text[digitCount - 1] == UInt8(ascii: "=") { digitCount -= 1 }
        let padding = text.count - digitCount
        guard padding <= 2, padding == 0 || text.count % 4 == 0, digitCount % 4 != 1 else { return nil }
        let tail = digitCount % 4
        let byteCount = digitCount / 4 * 3 + (tail == 0 ? 0 : tail - 1)
        var valid = true
        let bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { output, initialized in
            sextetTable.withUnsafeBufferPointer { table in
                var invalid: UInt8 = 0
                var written = 0
                var position = 0
                // Whole groups of four digits, three bytes each.
                while position + 4 <= digitCount {
                    let first = table[Int(text[position])]
                    let second = table[Int(text[position + 1])]
                    let third = table[Int(text[position + 2])]
                    let fourth = table[Int(text[position + 3])]
                    invalid |= first | second | third | fourth
                    let group =
                        UInt32(first & 0x3F) << 18 | UInt32(second & 0x3F) << 12 | UInt32(third & 0x3F) << 6
                        | UInt32(fourth & 0x3F)
                    output[written] = UInt8(truncatingIfNeeded: group >> 16)
                    output[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    output[written + 2] = UInt8(truncatingIfNeeded: group)
                    written += 3
                    position += 4
                }
                var value: UInt32 = 0
                while position < digitCount {
                    let sextet = table[Int(text[position])]
                    invalid |= sextet
                    value = value << 6 | UInt32(sextet & 0x3F)
                    position += 1
                }
                // 2 digits left → 1 byte, 3 → 2 bytes: the value is shifted up to a whole group first.
                if tail >= 2 {
                    value <<= 6 * UInt32(4 - tail)
                    output[written] = UInt8(truncatingIfNeeded: value >> 16)
                    if tail == 3 { output[written + 1] = UInt8(truncatingIfNeeded: value >> 8) }
                }
                valid = invalid & 0x80 == 0
                initialized = byteCount
            }
        }
        return valid ? bytes : nil
    }

    /// Each byte's digit value in base64 or base64url; 0xFF for a byte that is in neither alphabet.
    private static let sextetTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, digit) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8.enumerated() {
            table[Int(digit)] = UInt8(value)
        }
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "+"))] = 62
        table[Int(UInt8(ascii: "_"))] = 63
        table[Int(UInt8(ascii: "/"))] = 63
        return table
    }()
}
