import FauthJSON

/// A TOTP enrollment between `mfaEnrollment:start` and `:finalize`. Like Firebase's pending credentials it is kept in
/// the `sessionInfo` itself (base64 JSON with a marker), so the emulator stores nothing until the enrollment is final.
struct TOTPEnrollmentSession: Sendable, Equatable {
    private static let marker = "_FauthEmulatorTotpEnrollmentSession"
    /// How long a started enrollment waits for its finalize call, in seconds.
    static let lifetimeSeconds = 600
    /// The secret length in bytes: 32 base32 characters, as Google's servers give.
    static let secretLength = 20

    /// The user enrolling.
    let localId: String
    /// The shared secret, base32 without padding.
    let sharedSecretKey: String
    /// Milliseconds since the epoch after which the session is void.
    let expiresAtMillis: Int

    /// A new session for `localId` with a fresh random secret.
    init(localId: String, nowMillis: Int) {
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<Self.secretLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        self.localId = localId
        sharedSecretKey = Base32.encode(secret, padded: false)
        expiresAtMillis = nowMillis + Self.lifetimeSeconds * 1000
    }

    /// Reads an encoded session; nil when it is not one.
    init?(decoding sessionInfo: String) {
        guard let object = MarkedJSONToken.decode(sessionInfo, marker: Self.marker),
            let localId = object["localId"]?.string,
            let secret = object["sharedSecretKey"]?.string, Base32.decode(secret) != nil,
            let expiry = object["expiresAt"]?.int
        else { return nil }
        self.localId = localId
        sharedSecretKey = secret
        expiresAtMillis = expiry
    }

    /// The `sessionInfo` string.
    var encoded: String {
        let object: JSONObject = [
            "localId": .string(localId), "sharedSecretKey": .string(sharedSecretKey),
            "expiresAt": .number(Double(expiresAtMillis)),
        ]
        return MarkedJSONToken.encode(object, marker: Self.marker)
    }
}
