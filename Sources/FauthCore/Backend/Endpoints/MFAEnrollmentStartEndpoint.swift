import FauthJSON

/// `mfaEnrollment:start` (Identity Toolkit v2): begins enrolling a phone factor (an SMS code is sent) or a TOTP
/// factor (the server makes the shared secret).
package struct MFAEnrollmentStartEndpoint: Endpoint {
    /// The user's ID token.
    package var idToken: String
    /// The phone number to enroll (E.164), or nil for a TOTP factor.
    package var phoneNumber: String?

    /// Makes a start request: a phone factor when `phoneNumber` is given, else TOTP.
    package init(idToken: String, phoneNumber: String?) {
        self.idToken = idToken
        self.phoneNumber = phoneNumber
    }

    /// Identity Toolkit v2.
    package static let service = Service.identityToolkitV2
    /// `accounts/mfaEnrollment:start`.
    package static let path = "accounts/mfaEnrollment:start"
    /// Not idempotent: every attempt sends an SMS or makes a secret.
    package static let isIdempotent = false

    /// `{idToken, phoneEnrollmentInfo: {phoneNumber}}` or `{idToken, totpEnrollmentInfo: {}}`.
    package var body: JSONValue {
        if let phoneNumber {
            return ["idToken": .string(idToken), "phoneEnrollmentInfo": ["phoneNumber": .string(phoneNumber)]]
        }
        return ["idToken": .string(idToken), "totpEnrollmentInfo": [:]]
    }

    /// The ID token (a phone number is not a secret).
    package var secrets: [String] { [idToken] }

    /// The started enrollment: the SMS's `sessionInfo`, or the TOTP secret and its parameters.
    package static func decode(_ json: JSONValue) throws(FauthError) -> StartedEnrollment {
        let reader = try ResponseReader(json, endpoint: path)
        if let phone = try reader.object("phoneSessionInfo") {
            return .phone(sessionInfo: try phone.nonEmptyString("sessionInfo"))
        }
        guard let totp = try reader.object("totpSessionInfo") else {
            throw ResponseReader.malformed(path, "neither \"phoneSessionInfo\" nor \"totpSessionInfo\" is there")
        }
        let secret = TOTPSecret(
            sharedSecretKey: try totp.nonEmptyString("sharedSecretKey"),
            digits: try totp.integer("verificationCodeLength", in: 6...10) ?? 6,
            period: try totp.integer("periodSec", in: 1...300) ?? 30,
            algorithm: try totp.optionalString("hashingAlgorithm") ?? "SHA1")
        return .totp(sessionInfo: try totp.nonEmptyString("sessionInfo"), secret: secret)
    }
}

/// What `mfaEnrollment:start` began.
package enum StartedEnrollment: Sendable, Equatable {
    /// An SMS code was sent; `sessionInfo` names it at finalize.
    case phone(sessionInfo: String)
    /// A TOTP secret was made; `sessionInfo` names it at finalize.
    case totp(sessionInfo: String, secret: TOTPSecret)

    /// The `sessionInfo` to finalize with.
    package var sessionInfo: String {
        switch self {
        case .phone(let sessionInfo), .totp(let sessionInfo, _): sessionInfo
        }
    }
}

/// A TOTP factor's shared secret and parameters, as an authenticator app needs them.
package struct TOTPSecret: Sendable, Equatable {
    /// The shared secret, base32 (RFC 4648) without padding.
    package var sharedSecretKey: String
    /// The number of digits of a code.
    package var digits: Int
    /// The time step in seconds.
    package var period: Int
    /// The HMAC hash (`SHA1`, `SHA256`, `SHA512`).
    package var algorithm: String

    /// Makes a secret.
    package init(sharedSecretKey: String, digits: Int, period: Int, algorithm: String) {
        self.sharedSecretKey = sharedSecretKey
        self.digits = digits
        self.period = period
        self.algorithm = algorithm
    }
}

extension TOTPSecret {
    /// The key URI authenticator apps read (`otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=…&algorithm=…&digits=…&period=…`),
    /// the label and the issuer percent-encoded.
    package func uri(accountName: String, issuer: String) -> String {
        let label = PercentEncoding.encode(issuer) + ":" + PercentEncoding.encode(accountName)
        let query = PercentEncoding.form([
            ("secret", sharedSecretKey), ("issuer", issuer), ("algorithm", algorithm),
            ("digits", String(digits)), ("period", String(period)),
        ])
        return "otpauth://totp/\(label)?\(query)"
    }
}
