import FauthHTTPCodec
import FauthJSON

/// `accounts:createAuthUri` with a `providerId` (a fauth-emulator extension; Firebase's emulator answers 501): the
/// `authUri` of the emulator's IdP sign-in page, which returns to `continueUri`, and the `sessionId` that
/// `signInWithIdp` must send with the callback URL.
extension CreateAuthUriRoute {
    /// Starts an IdP sign-in session and answers `{kind, authUri, providerId, sessionId}` as Google's servers do.
    static func providerSignIn(_ request: RouteRequest, project: ProjectState, state: EmulatorState) throws(APIError)
        -> HTTPResponse
    {
        let providerId = try request.requireField("providerId", else: "INVALID_PROVIDER_ID")
        let continueUri = try request.requireField("continueUri", else: "MISSING_CONTINUE_URI")
        try ensure(isAbsoluteURI(continueUri), "INVALID_CONTINUE_URI")
        let session = state.idpSessions.start(
            providerId: providerId, continueUri: continueUri,
            sessionId: try request.string("sessionId").flatMap { $0.isEmpty ? nil : $0 })
        let apiKey = [request.query("key"), request.http.header("x-goog-api-key")].compactMap { $0 }.first {
            !$0.isEmpty
        }
        var query: [(name: String, value: String)] = [
            ("apiKey", apiKey ?? "fake-api-key"), ("providerId", session.providerId), ("redirectUrl", continueUri),
            ("state", session.state),
        ]
        if let scopes = try request.string("oauthScope"), !scopes.isEmpty { query.append(("scopes", scopes)) }
        if let hint = try request.string("identifier"), !hint.isEmpty { query.append(("loginHint", hint)) }
        if let tenantId = project.tenantId { query.append(("tenantId", tenantId)) }
        let authUri = "http://\(state.linkAuthority)\(IdpHandlerRoutes.pagePath)?" + FormURLEncoding.encode(query)
        return .json([
            "kind": "identitytoolkit#CreateAuthUriResponse", "authUri": .string(authUri),
            "providerId": .string(session.providerId), "sessionId": .string(session.sessionId),
        ])
    }
}
