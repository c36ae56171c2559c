import FauthJSON

/// `accounts:signInWithPassword`: sign in with an email and password.
package struct SignInWithPasswordEndpoint: Endpoint {
    /// The account's email.
    package var email: String
    /// The password.
    package var password: String

    /// Makes a password sign-in request.
    package init(email: String, password: String) {
        self.email = email
        self.password = password
    }

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:signInWithPassword`.
    package static let path = "accounts:signInWithPassword"
    /// Not idempotent: every attempt counts as a sign-in (and towards rate limits).
    package static let isIdempotent = false

    /// `{email, password, returnSecureToken: true}`.
    package var body: JSONValue {
        ["email": .string(email), "password": .string(password), "returnSecureToken": true]
    }

    /// The password.
    package var secrets: [String] { [password] }

    /// Decodes the user's id, email and tokens, or the second-factor challenge.
    package static func decode(_ json: JSONValue) throws(FauthError) -> SignInResponse {
        try SignInResponse(ResponseReader(json, endpoint: path))
    }
}
