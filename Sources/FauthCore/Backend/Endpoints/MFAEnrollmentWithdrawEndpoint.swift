import FauthJSON

/// `mfaEnrollment:withdraw` (Identity Toolkit v2): removes a second factor from the user of an ID token.
package struct MFAEnrollmentWithdrawEndpoint: Endpoint {
    /// The user's ID token.
    package var idToken: String
    /// The factor's enrollment id.
    package var enrollmentId: String

    /// Makes a withdraw request.
    package init(idToken: String, enrollmentId: String) {
        self.idToken = idToken
        self.enrollmentId = enrollmentId
    }

    /// Identity Toolkit v2.
    package static let service = Service.identityToolkitV2
    /// `accounts/mfaEnrollment:withdraw`.
    package static let path = "accounts/mfaEnrollment:withdraw"
    /// Not idempotent: a retry after a success would find no factor.
    package static let isIdempotent = false

    /// `{idToken, mfaEnrollmentId}`.
    package var body: JSONValue {
        ["idToken": .string(idToken), "mfaEnrollmentId": .string(enrollmentId)]
    }

    /// The ID token.
    package var secrets: [String] { [idToken] }

    /// The new tokens.
    package static func decode(_ json: JSONValue) throws(FauthError) -> SessionTokens {
        try SessionTokens.read(ResponseReader(json, endpoint: path))
    }
}
