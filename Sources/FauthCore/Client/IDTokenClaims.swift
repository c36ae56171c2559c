#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FauthJSON

/// The few claims fauth reads from a Firebase ID token's payload. The signature is not checked: the token came
/// from the server over the connection the user chose, and fauth only uses these for display and bookkeeping.
struct IDTokenClaims: Equatable {
    /// When the user last proved their identity (`auth_time`).
    var authTime: Date?
    /// The project the token was issued for (`aud`).
    var audience: String?
    /// How the user signed in (`firebase.sign_in_provider`: `password`, `anonymous`, `google.com`, …).
    var signInProvider: String?

    /// Reads the payload of a JWT; an unreadable token gives empty claims.
    init(token: String) {
        let parts = token.utf8.split(separator: UInt8(ascii: "."), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let payload = Self.base64URLDecode(parts[1]),
              let json = try? JSONValue.parse(payload) else { return }
        authTime = json["auth_time"]?.number.flatMap { ISO8601.secondRange.contains($0) ? Date(timeIntervalSince1970: $0) : nil }
        audience = json["aud"]?.string
        signInProvider = json["firebase"]?["sign_in_provider"]?.string
    }

    /// Base64url without padding, as JWTs carry it, by bytes (Characters would cost grapheme breaking).
    private static func base64URLDecode(_ text: Substring.UTF8View) -> [UInt8]? {
        var base64 = text.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "+") : $0 == UInt8(ascii: "_") ? UInt8(ascii: "/") : $0 }
        base64.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - base64.count % 4) % 4))
        return Data(base64Encoded: Data(base64)).map { Array($0) }
    }
}
