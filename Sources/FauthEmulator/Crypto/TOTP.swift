/// One-time passwords with HMAC-SHA1: TOTP (RFC 6238) and the HOTP (RFC 4226) it is built on.
package enum TOTP {
    /// The TOTP time step in seconds used by Firebase.
    package static let defaultPeriod = 30
    /// The number of digits in a Firebase TOTP code.
    package static let defaultDigits = 6

    /// The RFC 4226 HOTP code for `counter`, zero-padded to `digits` digits.
    package static func hotp(secret: [UInt8], counter: UInt64, digits: Int = defaultDigits) -> String {
        let message = (0..<8).map { UInt8(truncatingIfNeeded: counter >> UInt64(56 - $0 * 8)) }
        let mac = HMACSHA1.authenticationCode(for: message, key: secret)
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            UInt32(mac[offset] & 0x7F) << 24 | UInt32(mac[offset + 1]) << 16
            | UInt32(mac[offset + 2]) << 8 | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus &*= 10 }
        let code = String(binary % modulus)
        return String(repeating: "0", count: max(0, digits - code.count)) + code
    }

    /// The RFC 6238 time step counter for a Unix time in seconds.
    package static func timeStep(at unixTime: Int64, period: Int = defaultPeriod) -> UInt64 {
        UInt64(max(0, unixTime) / Int64(period))
    }

    /// The RFC 6238 TOTP code at a Unix time in seconds.
    package static func code(
        secret: [UInt8], at unixTime: Int64, period: Int = defaultPeriod, digits: Int = defaultDigits
    ) -> String {
        hotp(secret: secret, counter: timeStep(at: unixTime, period: period), digits: digits)
    }

    /// Whether `code` is the TOTP code of the step at `unixTime` or of one step before or after it.
    package static func verify(
        _ code: String, secret: [UInt8], at unixTime: Int64,
        period: Int = defaultPeriod, digits: Int = defaultDigits
    ) -> Bool {
        guard code.utf8.count == digits else { return false }
        let step = timeStep(at: unixTime, period: period)
        let candidates = [step == 0 ? nil : step - 1, step, step + 1].compactMap { $0 }
        return candidates.contains { hotp(secret: secret, counter: $0, digits: digits) == code }
    }
}

extension TOTP {
    /// Checks a user-entered code against a base32 shared secret at `nowMillis` (the current step ±1).
    static func verify(_ code: String, sharedSecretKey: String, nowMillis: Int) -> Bool {
        guard let secret = Base32.decode(sharedSecretKey) else { return false }
        return verify(code, secret: secret, at: Int64(nowMillis / 1000))
    }
}
