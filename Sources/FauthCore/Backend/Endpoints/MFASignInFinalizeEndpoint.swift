import FauthJSON

/// `mfaSignIn:finalize` (Identity Toolkit v2): completes a pending sign-in with a second factor's code.
package struct MFASignInFinalizeEndpoint: Endpoint {
    /// The sign-in's `mfaPendingCredential`.
    package var pendingCredential: String
    /// The code and what it proves.
    package var verification: SecondFactorVerification

    /// Makes a finalize request.
    package init(pendingCredential: String, verification: SecondFactorVerification) {
        self.pendingCredential = pendingCredential
        self.verification = verification
    }

    /// Identity Toolkit v2.
    package static let service = Service.identityToolkitV2
    /// `accounts/mfaSignIn:finalize`.
    package static let path = "accounts/mfaSignIn:finalize"
    /// Not idempotent: a code is consumed.
    package static let isIdempotent = false

    /// `{mfaPendingCredential, phoneVerificationInfo: {sessionInfo, code}}` or
    /// `{mfaPendingCredential, mfaEnrollmentId, totpVerificationInfo: {verificationCode}}`.
    package var body: JSONValue {
        var body: JSONObject = ["mfaPendingCredential": .string(pendingCredential)]
        switch verification {
        case .phone(let sessionInfo, let code):
            body["phoneVerificationInfo"] = ["sessionInfo": .string(sessionInfo), "code": .string(code)]
        case .totp(let enrollmentId, let code):
            body["mfaEnrollmentId"] = .string(enrollmentId)
            body["totpVerificationInfo"] = ["verificationCode": .string(code)]
        }
        return .object(body)
    }

    /// The pending credential, and the session info and code of the verification.
    package var secrets: [String] { [pendingCredential] + verification.secrets }

    /// The new session's tokens.
    package static func decode(_ json: JSONValue) throws(FauthError) -> SessionTokens {
        try SessionTokens.read(ResponseReader(json, endpoint: path))
    }
}

/// A second factor's code and what it answers.
package enum SecondFactorVerification: Sendable, Equatable {
    /// An SMS code, for the `sessionInfo` of the start call that sent it.
    case phone(sessionInfo: String, code: String)
    /// A TOTP code of the factor `enrollmentId`.
    case totp(enrollmentId: String, code: String)

    /// The code, and the session info of an SMS code (an enrollment id is not a secret).
    var secrets: [String] {
        switch self {
        case .phone(let sessionInfo, let code): [sessionInfo, code]
        case .totp(_, let code): [code]
        }
    }
}
