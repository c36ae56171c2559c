import FauthJSON

/// `accounts:signInWithCustomToken`: sign in with a custom token minted by the app's server.
package struct SignInWithCustomTokenEndpoint: Endpoint {
    /// The custom token.
    package var token: String

    /// Makes a custom-token sign-in request.
    package init(token: String) {
        self.token = token
    }

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:signInWithCustomToken`.
    package static let path = "accounts:signInWithCustomToken"
    /// Not idempotent: an attempt may create the user.
    package static let isIdempotent = false

    /// `{token, returnSecureToken: true}`.
    package var body: JSONValue {
        ["token": .string(token), "returnSecureToken": true]
    }

    /// The custom token.
    package var secrets: [String] { [token] }

    /// Decodes the tokens and whether the user is new.
    package static func decode(_ json: JSONValue) throws(FauthError) -> SignInResponse {
        try SignInResponse(ResponseReader(json, endpoint: path))
    }
}
