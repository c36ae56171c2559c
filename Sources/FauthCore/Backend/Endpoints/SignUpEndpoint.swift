import FauthJSON

/// `accounts:signUp`: create an email/password account, an anonymous user, or link email/password to a user.
package struct SignUpEndpoint: Endpoint {
    /// The new account's email (nil for an anonymous user).
    package var email: String?
    /// The new account's password (nil for an anonymous user).
    package var password: String?
    /// An optional display name.
    package var displayName: String?
    /// The ID token of the user to link the email and password to.
    package var idToken: String?

    /// Makes a sign-up request from its fields; see also the factory functions.
    package init(email: String? = nil, password: String? = nil, displayName: String? = nil, idToken: String? = nil) {
        self.email = email
        self.password = password
        self.displayName = displayName
        self.idToken = idToken
    }

    /// Creates an email/password account.
    package static func emailPassword(email: String, password: String, displayName: String? = nil) -> SignUpEndpoint {
        SignUpEndpoint(email: email, password: password, displayName: displayName)
    }

    /// Creates an anonymous user.
    package static func anonymous() -> SignUpEndpoint {
        SignUpEndpoint()
    }

    /// Links an email and password to the user of `idToken` (upgrading an anonymous user).
    package static func link(idToken: String, email: String, password: String) -> SignUpEndpoint {
        SignUpEndpoint(email: email, password: password, idToken: idToken)
    }

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:signUp`.
    package static let path = "accounts:signUp"
    /// Not idempotent: a second attempt could create a second user.
    package static let isIdempotent = false

    /// `{email?, password?, displayName?, idToken?, returnSecureToken: true}`.
    package var body: JSONValue {
        var object = JSONObject()
        object["email"] = email.map(JSONValue.string)
        object["password"] = password.map(JSONValue.string)
        object["displayName"] = displayName.map(JSONValue.string)
        object["idToken"] = idToken.map(JSONValue.string)
        object["returnSecureToken"] = true
        return .object(object)
    }

    /// The password and the ID token, when sent.
    package var secrets: [String] { [password, idToken].compactMap { $0 } }

    /// Decodes the new user's id, email, name and tokens.
    package static func decode(_ json: JSONValue) throws(FauthError) -> SignInResponse {
        try SignInResponse(ResponseReader(json, endpoint: path))
    }
}
