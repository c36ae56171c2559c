import FauthJSON

/// `accounts:signInWithPassword`: sign in with an email and password.
public struct SignInWithPasswordEndpoint: Endpoint {
    /// The account's email.
    public var email: String
    /// The password.
    public var password: String

    /// Makes a password sign-in request.
    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }

    /// Identity Toolkit v1.
    public static let service = Service.identityToolkitV1
    /// `accounts:signInWithPassword`.
    public static let path = "accounts:signInWithPassword"
    /// Not idempotent: every attempt counts as a sign-in (and towards rate limits).
    public static let isIdempotent = false

    /// `{email, password, returnSecureToken: true}`.
    public var body: JSONValue {
        ["email": .string(email), "password": .string(password), "returnSecureToken": true]
    }

    /// The password.
    public var secrets: [String] { [password] }

    /// Decodes the user's id, email and tokens, or the second-factor challenge.
    public static func decode(_ json: JSONValue) throws(FauthError) -> SignInResponse {
        try SignInResponse(ResponseReader(json, endpoint: path))
    }
}
