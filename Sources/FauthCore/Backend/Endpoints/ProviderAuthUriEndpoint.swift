import FauthJSON

/// `accounts:createAuthUri` for a provider: the URL of the provider's sign-in page, which returns to
/// `continueUri`, and the `sessionId` that `signInWithIdp` sends back with the URL the browser returned to.
package struct ProviderAuthUriEndpoint: Endpoint {
    /// The provider (`google.com`, `github.com`, `oidc.…`).
    package var providerId: String
    /// Where the provider sends the browser back (the loopback listener's URL).
    package var continueUri: String
    /// OAuth scopes asked for beyond the provider's defaults.
    package var scopes: [String]
    /// Extra parameters for the provider's page (`prompt=select_account`, `login_hint=…`).
    package var customParameters: [(name: String, value: String)]

    /// Makes the request.
    package init(
        providerId: String, continueUri: String, scopes: [String] = [],
        customParameters: [(name: String, value: String)] = []
    ) {
        self.providerId = providerId
        self.continueUri = continueUri
        self.scopes = scopes
        self.customParameters = customParameters
    }

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:createAuthUri`.
    package static let path = "accounts:createAuthUri"
    /// Not retried: every call starts a new sign-in session.
    package static let isIdempotent = false

    /// `{providerId, continueUri, oauthScope?: "a,b", customParameter?: {name: value}}`.
    package var body: JSONValue {
        var object: JSONObject = ["providerId": .string(providerId), "continueUri": .string(continueUri)]
        if !scopes.isEmpty { object["oauthScope"] = .string(scopes.joined(separator: ",")) }
        if !customParameters.isEmpty {
            var parameters = JSONObject()
            for parameter in customParameters { parameters[parameter.name] = .string(parameter.value) }
            object["customParameter"] = .object(parameters)
        }
        return .object(object)
    }

    /// None: a provider, a continue URL and scopes are not secrets.
    package var secrets: [String] { [] }

    /// Decodes `authUri` and `sessionId`, both required.
    package static func decode(_ json: JSONValue) throws(FauthError) -> ProviderAuthUri {
        let reader = try ResponseReader(json, endpoint: path)
        return ProviderAuthUri(
            authUri: try reader.nonEmptyString("authUri"), sessionId: try reader.nonEmptyString("sessionId"))
    }
}

/// The answer to `accounts:createAuthUri` for a provider.
package struct ProviderAuthUri: Sendable, Equatable {
    /// The provider's sign-in page, to open in a browser.
    package var authUri: String
    /// The sign-in session, sent back with `signInWithIdp`.
    package var sessionId: String

    /// Makes an answer.
    package init(authUri: String, sessionId: String) {
        self.authUri = authUri
        self.sessionId = sessionId
    }
}
