/// Reads the payload of a JSON Web Token in compact form (RFC 7519: `header.payload.signature`, each part base64url)
/// without checking its signature; shared by the client, which reads a few claims of its ID token, and the emulator,
/// which accepts any decodable JWT as Firebase's emulator does.
public enum JWTPayload {
    /// The payload of `token` when it has three parts whose header and payload are base64url-encoded JSON objects;
    /// nil otherwise (padding is optional, and the standard alphabet's `+` and `/` are accepted too).
    public static func decode(_ token: String) -> JSONObject? {
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3,
              let header = base64URLDecode(parts[0]), (try? JSONValue.parse(header))?.object != nil,
              let payload = base64URLDecode(parts[1]) else {
            return nil
        }
        return (try? JSONValue.parse(payload))?.object
    }

    /// Base64url (or base64) bytes decoded; nil for a character outside the alphabets, misplaced padding or a
    /// length no encoding produces.
    public static func base64URLDecode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var digits: [UInt8] = []
        digits.reserveCapacity(text.count)
        var padding = 0
        for byte in text {
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            guard padding == 0, let digit = sextet(byte) else { return nil }
            digits.append(digit)
        }
        guard padding <= 2, padding == 0 || (digits.count + padding) % 4 == 0, digits.count % 4 != 1 else {
            return nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count * 3 / 4)
        var index = 0
        while index < digits.count {
            let group = digits[index..<min(index + 4, digits.count)]
            var value: UInt32 = 0
            for digit in group { value = value << 6 | UInt32(digit) }
            value <<= 6 * UInt32(4 - group.count)
            let produced = group.count - 1  // 4 digits → 3 bytes, 3 → 2, 2 → 1
            for shift in [16, 8, 0].prefix(produced) {
                bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
            }
            index += 4
        }
        return bytes
    }

    /// The value of one base64 or base64url digit.
    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"), UInt8(ascii: "+"): return 62
        case UInt8(ascii: "_"), UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
