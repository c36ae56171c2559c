import FauthJSON

/// `mfaEnrollment:finalize` (Identity Toolkit v2): completes an enrollment with its code.
package struct MFAEnrollmentFinalizeEndpoint: Endpoint {
    /// The user's ID token.
    package var idToken: String
    /// The started enrollment's `sessionInfo`.
    package var sessionInfo: String
    /// The SMS or TOTP code.
    package var code: String
    /// Whether the factor is TOTP (else phone).
    package var isTOTP: Bool
    /// The factor's display name.
    package var displayName: String?

    /// Makes a finalize request.
    package init(idToken: String, sessionInfo: String, code: String, isTOTP: Bool, displayName: String?) {
        self.idToken = idToken
        self.sessionInfo = sessionInfo
        self.code = code
        self.isTOTP = isTOTP
        self.displayName = displayName
    }

    /// Identity Toolkit v2.
    package static let service = Service.identityToolkitV2
    /// `accounts/mfaEnrollment:finalize`.
    package static let path = "accounts/mfaEnrollment:finalize"
    /// Not idempotent: the enrollment is stored once.
    package static let isIdempotent = false

    /// `{idToken, displayName?, phoneVerificationInfo: {sessionInfo, code}}` or
    /// `{idToken, displayName?, totpVerificationInfo: {sessionInfo, verificationCode}}`.
    package var body: JSONValue {
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
    package var secrets: [String] { [idToken, sessionInfo, code] }

    /// The new tokens, which carry the second factor.
    package static func decode(_ json: JSONValue) throws(FauthError) -> SessionTokens {
        try SessionTokens.read(ResponseReader(json, endpoint: path))
    }
}
