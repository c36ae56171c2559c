extension TOTP {
    /// Checks a user-entered code against a base32 shared secret at `nowMillis` (the current step ±1).
    static func verify(_ code: String, sharedSecretKey: String, nowMillis: Int) -> Bool {
        guard let secret = Base32.decode(sharedSecretKey) else { return false }
        return verify(code, secret: secret, at: Int64(nowMillis / 1000))
    }
}
