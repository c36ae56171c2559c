import FauthJSON

/// The few claims fauth reads from a Firebase ID token's payload. The signature is not checked: the token came
/// from the server over the connection the user chose, and fauth only uses these for display and bookkeeping.
struct IDTokenClaims: Equatable {
    /// When the user last proved their identity (`auth_time`).
    var authTime: UnixTime?
    /// The project the token was issued for (`aud`).
    var audience: String?
    /// How the user signed in (`firebase.sign_in_provider`: `password`, `anonymous`, `google.com`, …).
    var signInProvider: String?

    /// Reads the payload of a JWT (`JWTPayload`); a token that is not one gives empty claims.
    init(token: String) {
        guard let json = JWTPayload.decode(token) else { return }
        authTime = json["auth_time"]?.number.flatMap { ISO8601.secondRange.contains($0) ? UnixTime(seconds: $0) : nil }
        audience = json["aud"]?.string
        signInProvider = json["firebase"]?["sign_in_provider"]?.string
    }
}
