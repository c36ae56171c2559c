/// A credential from an identity provider (Google, Apple, GitHub, an OIDC provider, …), as `signInWithIdp` takes it.
package struct IdpCredential: Sendable, Equatable {
    /// The provider (`google.com`, `facebook.com`, `github.com`, `twitter.com`, `apple.com`, `oidc.…`).
    package var providerId: String
    /// The provider's ID token (Google, Apple, OIDC).
    package var idToken: String?
    /// The raw nonce the ID token was minted with (Apple, OIDC).
    package var nonce: String?
    /// The provider's access token (Google, Facebook, GitHub, Twitter, OIDC).
    package var accessToken: String?
    /// The OAuth 1 token secret (Twitter).
    package var tokenSecret: String?
    /// The URL a browser sign-in returned to (the provider's answer in its query), sent as `requestUri` instead
    /// of tokens; nil for a credential made of tokens.
    package var requestUri: String?
    /// The `sessionId` of the createAuthUri call that started that browser sign-in.
    package var sessionId: String?

    /// Makes a credential; leave out what the provider does not use.
    package init(
        providerId: String, idToken: String? = nil, nonce: String? = nil, accessToken: String? = nil,
        tokenSecret: String? = nil
    ) {
        self.providerId = providerId
        self.idToken = idToken
        self.nonce = nonce
        self.accessToken = accessToken
        self.tokenSecret = tokenSecret
    }

    /// A browser sign-in's answer: the URL the provider sent the browser back to, and the sign-in's `sessionId`.
    package static func redirect(providerId: String, requestUri: String, sessionId: String) -> IdpCredential {
        var credential = IdpCredential(providerId: providerId)
        credential.requestUri = requestUri
        credential.sessionId = sessionId
        return credential
    }

    /// The tokens, nonce and token secret, or a browser sign-in's answer URL, session id and each value the answer
    /// carries (the provider's code, tokens, token secret or verifier), which the server may quote one by one.
    var secrets: [String] {
        [idToken, nonce, accessToken, tokenSecret, requestUri, sessionId].compactMap { $0 }
            + (requestUri.map(Self.answerValues) ?? [])
    }

    /// The parameters of a browser sign-in's answer that are not secret: the provider, the scopes and account
    /// hints, and the provider's error.
    static let publicAnswerParameters: Set<String> = [
        "providerId", "scope", "authuser", "hd", "prompt", "error", "error_description", "error_uri",
    ]

    /// Every value of the answer URL's query and fragment but the public ones, decoded with `+` as itself and as
    /// a space (the server may quote either), whatever its name: a provider may answer with any parameter.
    private static func answerValues(in url: String) -> [String] {
        let fragment = url.firstIndex(of: "#").map { "?" + url[url.index(after: $0)...] } ?? ""
        return [false, true].flatMap { formEncoded in
            [URLQuery(url: url, formEncoded: formEncoded), URLQuery(url: fragment, formEncoded: formEncoded)].flatMap {
                query in
                (query?.items ?? []).filter { !publicAnswerParameters.contains($0.name) }.compactMap(\.value)
            }
        }
    }

    /// The form-encoded `postBody` as the Firebase SDKs build it: `providerId` first, then `id_token`, `nonce`,
    /// `access_token` and `oauth_token_secret` where present, each name and value percent-encoded.
    package var postBody: String {
        var pairs: [(name: String, value: String)] = [("providerId", providerId)]
        let optional: [(name: String, value: String?)] = [
            ("id_token", idToken), ("nonce", nonce), ("access_token", accessToken), ("oauth_token_secret", tokenSecret),
        ]
        for (name, value) in optional {
            if let value { pairs.append((name, value)) }
        }
        return PercentEncoding.form(pairs)
    }
}
