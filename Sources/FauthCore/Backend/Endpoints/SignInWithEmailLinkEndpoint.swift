import FauthJSON

/// `accounts:signInWithEmailLink`: sign in (or, with `idToken`, link) with the code of an email sign-in link.
package struct SignInWithEmailLinkEndpoint: Endpoint {
    /// The address the link was sent to.
    package var email: String
    /// The link's one-time code (`oobCode`).
    package var oobCode: String
    /// The signed-in user's ID token, to link the email to that user instead of signing in.
    package var idToken: String?

    /// Makes an email-link sign-in (or link) request.
    package init(email: String, oobCode: String, idToken: String? = nil) {
        self.email = email
        self.oobCode = oobCode
        self.idToken = idToken
    }

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:signInWithEmailLink`.
    package static let path = "accounts:signInWithEmailLink"
    /// Not idempotent: the code is consumed.
    package static let isIdempotent = false

    /// `{email, oobCode, idToken?}`.
    package var body: JSONValue {
        var object: JSONObject = ["email": .string(email), "oobCode": .string(oobCode)]
        object["idToken"] = idToken.map(JSONValue.string)
        return .object(object)
    }

    /// The action code and the ID token, when one is sent.
    package var secrets: [String] { [oobCode] + [idToken].compactMap { $0 } }

    /// Decodes the user's id, email, whether it is new, and the tokens or the second-factor challenge.
    package static func decode(_ json: JSONValue) throws(FauthError) -> SignInResponse {
        try SignInResponse(ResponseReader(json, endpoint: path))
    }
}
