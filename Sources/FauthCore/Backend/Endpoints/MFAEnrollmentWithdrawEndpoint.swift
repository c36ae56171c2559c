import FauthJSON

/// `mfaEnrollment:withdraw` (Identity Toolkit v2): removes a second factor from the user of an ID token.
public struct MFAEnrollmentWithdrawEndpoint: Endpoint {
    /// The user's ID token.
    public var idToken: String
    /// The factor's enrollment id.
    public var enrollmentId: String

    /// Makes a withdraw request.
    public init(idToken: String, enrollmentId: String) {
        self.idToken = idToken
        self.enrollmentId = enrollmentId
    }

    /// Identity Toolkit v2.
    public static let service = Service.identityToolkitV2
    /// `accounts/mfaEnrollment:withdraw`.
    public static let path = "accounts/mfaEnrollment:withdraw"
    /// Not idempotent: a retry after a success would find no factor.
    public static let isIdempotent = false

    /// `{idToken, mfaEnrollmentId}`.
    public var body: JSONValue {
        ["idToken": .string(idToken), "mfaEnrollmentId": .string(enrollmentId)]
    }

    /// The ID token.
    public var secrets: [String] { [idToken] }

    /// The new tokens.
    public static func decode(_ json: JSONValue) throws(FauthError) -> SessionTokens {
        try SessionTokens.read(ResponseReader(json, endpoint: path))
    }
}
