import FauthJSON

/// `accounts:signInWithCustomToken`: sign in with a custom token minted by the app's server.
public struct SignInWithCustomTokenEndpoint: Endpoint {
    /// The custom token.
    public var token: String

    /// Makes a custom-token sign-in request.
    public init(token: String) {
        self.token = token
    }

    /// Identity Toolkit v1.
    public static let service = Service.identityToolkitV1
    /// `accounts:signInWithCustomToken`.
    public static let path = "accounts:signInWithCustomToken"
    /// Not idempotent: an attempt may create the user.
    public static let isIdempotent = false

    /// `{token, returnSecureToken: true}`.
    public var body: JSONValue {
        ["token": .string(token), "returnSecureToken": true]
    }

    /// The custom token.
    public var secrets: [String] { [token] }

    /// Decodes the tokens and whether the user is new.
    public static func decode(_ json: JSONValue) throws(FauthError) -> SignInResponse {
        try SignInResponse(ResponseReader(json, endpoint: path))
    }
}
