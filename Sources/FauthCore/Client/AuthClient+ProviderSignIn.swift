/// Starting a provider sign-in in a browser; its answer completes through `signIn`, `link` or `reauthenticate`
/// with the credential `ProviderSignIn.credential(forCallback:)` makes.
extension AuthClient {
    /// Asks the backend for the provider's sign-in page returning to `continueUri` (`accounts:createAuthUri`).
    package func startProviderSignIn(
        providerId: String, continueUri: String, scopes: [String] = [],
        customParameters: [(name: String, value: String)] = []
    ) throws -> ProviderSignIn {
        try IdpCredential.redirect(providerId: providerId, requestUri: continueUri, sessionId: "").validate()
        let answer = try backend.call(
            ProviderAuthUriEndpoint(
                providerId: providerId, continueUri: continueUri, scopes: scopes,
                customParameters: customParameters))
        return ProviderSignIn(providerId: providerId, continueUri: continueUri, answer: answer)
    }
}
