/// A provider sign-in started in a browser (`accounts:createAuthUri`): the page to open, and the checks the URL
/// the browser comes back to must pass before it is sent to `signInWithIdp`.
package struct ProviderSignIn: Sendable, Equatable {
    /// The provider.
    package let providerId: String
    /// The URL the provider sends the browser back to (the `continueUri` sent).
    package let continueUri: String
    /// The provider's sign-in page.
    package let authUri: String
    /// The sign-in session `signInWithIdp` must name.
    package let sessionId: String
    /// The `state` the sign-in page carries, which the answer must carry back; nil when the page has none (OAuth 1).
    package let state: String?

    /// A started sign-in from createAuthUri's answer.
    package init(providerId: String, continueUri: String, answer: ProviderAuthUri) {
        self.providerId = providerId
        self.continueUri = continueUri
        self.authUri = answer.authUri
        self.sessionId = answer.sessionId
        self.state = URLQuery(url: answer.authUri)?.value("state").flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The credential for the URL the browser came back to, after checking that it is this sign-in's answer: it
    /// goes to `continueUri` and carries the same `state` (checked first, whatever else it carries), then that it
    /// holds no provider error (`invalid-credential` otherwise, before any request).
    package func credential(forCallback url: String) throws(FauthError) -> IdpCredential {
        let url = url.trimming(\.isWhitespace)
        let base = String(url.prefix { $0 != "?" && $0 != "#" })
        guard base == continueUri, let query = URLQuery(url: url) else {
            throw FauthError(
                .invalidCredential, message: "That is not the URL this sign-in returns to (\(continueUri)?…).")
        }
        let value = query.value
        if let state, value("state") != state {
            throw FauthError(
                .invalidCredential,
                message: value("state") == nil
                    ? "The browser's answer carries no state; it is not this sign-in's answer, and nothing was sent."
                    : "The browser's answer carries another sign-in's state (an old or forged URL); nothing was sent.")
        }
        // The provider's error is form-encoded (RFC 6749, 4.1.2.1): a `+` in its words is a space.
        let providerAnswer = URLQuery(url: url, formEncoded: true)
        if let error = providerAnswer?.value("error") {
            let description = providerAnswer?.value("error_description").map { ": \($0)" } ?? ""
            throw FauthError(.invalidCredential, message: "The provider refused the sign-in (\(error)\(description)).")
        }
        return .redirect(providerId: providerId, requestUri: url, sessionId: sessionId)
    }
}
