import FauthJSON

/// A JWT in compact serialization (RFC 7515: `header.payload.signature`, each part base64url without padding) split
/// into its parts; nothing about it is trusted yet.
struct CompactJWS: Sendable {
    /// The decoded header.
    let header: JSONObject
    /// The decoded payload (the claims).
    let payload: JSONObject
    /// What the signature covers: the first two parts as sent, with the dot between them.
    let signingInput: [UInt8]
    /// The decoded signature (empty for an unsigned token).
    let signature: [UInt8]

    /// The longest token read: Firebase's are about 1 KB (claims included), and never near this.
    static let maximumLength = 16_384

    /// The parts of `token`; nil when it is not three base64url parts whose first two are JSON objects.
    init?(_ token: String) {
        let bytes = Array(token.utf8)
        guard bytes.count <= Self.maximumLength,
            bytes.allSatisfy({ Self.isBase64URLDigit($0) || $0 == UInt8(ascii: ".") })
        else { return nil }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = JWTPayload.base64URLDecode(parts[0]),
            let header = (try? JSONValue.parse(headerBytes))?.object,
            let payloadBytes = JWTPayload.base64URLDecode(parts[1]),
            let payload = (try? JSONValue.parse(payloadBytes))?.object,
            let signature = JWTPayload.base64URLDecode(parts[2])
        else { return nil }
        self.header = header
        self.payload = payload
        self.signingInput = Array(bytes[..<parts[1].endIndex])
        self.signature = signature
    }

    /// A digit of base64url's alphabet (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`): no padding, no `+` or `/`.
    private static func isBase64URLDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
