import FauthJSON

/// `accounts:signInWithIdp`: sign in with an identity provider's credential, or link it to a user.
package struct SignInWithIdpEndpoint: Endpoint {
    /// The provider credential.
    package var credential: IdpCredential
    /// The ID token of the user to link the provider to; nil to sign in.
    package var idToken: String?
    /// Whether the server may create an account for a credential it does not know (`autoCreate`): false for a
    /// reauthentication, which then fails with `USER_NOT_FOUND` instead, as the Apple SDK sends it.
    package var autoCreate: Bool

    /// Makes an IdP sign-in (or, with `idToken`, link) request.
    package init(credential: IdpCredential, idToken: String? = nil, autoCreate: Bool = true) {
        self.credential = credential
        self.idToken = idToken
        self.autoCreate = autoCreate
    }

    /// The `requestUri` the SDKs send when no web flow is involved.
    package static let requestUri = "http://localhost"

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:signInWithIdp`.
    package static let path = "accounts:signInWithIdp"
    /// Not idempotent: an attempt may create or link a user.
    package static let isIdempotent = false

    /// `{requestUri: "http://localhost", postBody, returnIdpCredential: true, returnSecureToken: true, autoCreate,
    /// idToken?}`;
    /// for a browser sign-in's answer, `requestUri` is the URL the browser returned to, with `sessionId` and no
    /// `postBody`.
    package var body: JSONValue {
        var object: JSONObject = ["requestUri": .string(credential.requestUri ?? Self.requestUri)]
        object["postBody"] = credential.requestUri == nil ? .string(credential.postBody) : nil
        object["sessionId"] = credential.sessionId.map(JSONValue.string)
        object["returnIdpCredential"] = true
        object["returnSecureToken"] = true
        object["autoCreate"] = .bool(autoCreate)
        object["idToken"] = idToken.map(JSONValue.string)
        return .object(object)
    }

    /// The provider credential's secrets and the ID token, when one is sent.
    package var secrets: [String] { credential.secrets + [idToken].compactMap { $0 } }

    /// Decodes the answer; a 200 carrying `errorMessage` (the backend's soft errors, e.g.
    /// `FEDERATED_USER_ID_ALREADY_LINKED`) is thrown as the error that message maps to, with the credential's
    /// email when the answer names one (as the SDK fills its email key).
    package static func decode(_ json: JSONValue) throws(FauthError) -> SignInWithIdpResponse {
        let reader = try ResponseReader(json, endpoint: path)
        if let errorMessage = try reader.optionalString("errorMessage"), !errorMessage.isEmpty {
            var error = ServerErrorMapping.error(serverMessage: errorMessage, httpStatus: 200)
            error.email = try reader.optionalString("email")
            throw error
        }
        return try SignInWithIdpResponse(reader)
    }
}
