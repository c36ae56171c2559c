import FauthJSON

/// `accounts:delete`: delete the account of an ID token.
public struct DeleteAccountEndpoint: Endpoint {
    /// The user's ID token.
    public var idToken: String

    /// Makes a delete request.
    public init(idToken: String) {
        self.idToken = idToken
    }

    /// Identity Toolkit v1.
    public static let service = Service.identityToolkitV1
    /// `accounts:delete`.
    public static let path = "accounts:delete"
    /// Not retried: a repeat after a lost answer would report `user-not-found` for a deletion that succeeded.
    public static let isIdempotent = false

    /// `{idToken}`.
    public var body: JSONValue {
        ["idToken": .string(idToken)]
    }

    /// The ID token.
    public var secrets: [String] { [idToken] }

    /// Accepts any JSON object.
    public static func decode(_ json: JSONValue) throws(FauthError) -> DeleteAccountResponse {
        _ = try ResponseReader(json, endpoint: path)
        return DeleteAccountResponse()
    }
}
