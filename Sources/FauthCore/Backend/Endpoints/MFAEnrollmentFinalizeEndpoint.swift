import FauthJSON

/// `mfaEnrollment:finalize` (Identity Toolkit v2): completes an enrollment with its code.
public struct MFAEnrollmentFinalizeEndpoint: Endpoint {
    /// The user's ID token.
    public var idToken: String
    /// The started enrollment's `sessionInfo`.
    public var sessionInfo: String
    /// The SMS or TOTP code.
    public var code: String
    /// Whether the factor is TOTP (else phone).
    public var isTOTP: Bool
    /// The factor's display name.
    public var displayName: String?

    /// Makes a finalize request.
    public init(idToken: String, sessionInfo: String, code: String, isTOTP: Bool, displayName: String?) {
        self.idToken = idToken
        self.sessionInfo = sessionInfo
        self.code = code
        self.isTOTP = isTOTP
        self.displayName = displayName
    }

    /// Identity Toolkit v2.
    public static let service = Service.identityToolkitV2
    /// `accounts/mfaEnrollment:finalize`.
    public static let path = "accounts/mfaEnrollment:finalize"
    /// Not idempotent: the enrollment is stored once.
    public static let isIdempotent = false

    /// `{idToken, displayName?, phoneVerificationInfo: {sessionInfo, code}}` or
    /// `{idToken, displayName?, totpVerificationInfo: {sessionInfo, verificationCode}}`.
    public var body: JSONValue {
        var body: JSONObject = ["idToken": .string(idToken)]
        if let displayName { body["displayName"] = .string(displayName) }
        if isTOTP {
            body["totpVerificationInfo"] = ["sessionInfo": .string(sessionInfo), "verificationCode": .string(code)]
        } else {
            body["phoneVerificationInfo"] = ["sessionInfo": .string(sessionInfo), "code": .string(code)]
        }
        return .object(body)
    }

    /// The ID token, the session info and the code.
    public var secrets: [String] { [idToken, sessionInfo, code] }

    /// The new tokens, which carry the second factor.
    public static func decode(_ json: JSONValue) throws(FauthError) -> SessionTokens {
        try SessionTokens.read(ResponseReader(json, endpoint: path))
    }
}
