/// A credential from an identity provider (Google, Apple, GitHub, an OIDC provider, …), as `signInWithIdp` takes it.
public struct IdpCredential: Sendable, Equatable {
    /// The provider (`google.com`, `facebook.com`, `github.com`, `twitter.com`, `apple.com`, `oidc.…`).
    public var providerId: String
    /// The provider's ID token (Google, Apple, OIDC).
    public var idToken: String?
    /// The raw nonce the ID token was minted with (Apple, OIDC).
    public var nonce: String?
    /// The provider's access token (Google, Facebook, GitHub, Twitter, OIDC).
    public var accessToken: String?
    /// The OAuth 1 token secret (Twitter).
    public var tokenSecret: String?
    /// The URL a browser sign-in returned to (the provider's answer in its query), sent as `requestUri` instead
    /// of tokens; nil for a credential made of tokens.
    public var requestUri: String?
    /// The `sessionId` of the createAuthUri call that started that browser sign-in.
    public var sessionId: String?

    /// Makes a credential; leave out what the provider does not use.
    public init(providerId: String, idToken: String? = nil, nonce: String? = nil, accessToken: String? = nil, tokenSecret: String? = nil) {
        self.providerId = providerId
        self.idToken = idToken
        self.nonce = nonce
        self.accessToken = accessToken
        self.tokenSecret = tokenSecret
    }

    /// A browser sign-in's answer: the URL the provider sent the browser back to, and the sign-in's `sessionId`.
    public static func redirect(providerId: String, requestUri: String, sessionId: String) -> IdpCredential {
        var credential = IdpCredential(providerId: providerId)
        credential.requestUri = requestUri
        credential.sessionId = sessionId
        return credential
    }

    /// The tokens, nonce and token secret, or a browser sign-in's answer URL (which carries the provider's code or
    /// tokens in its query) and session id.
    var secrets: [String] {
        [idToken, nonce, accessToken, tokenSecret, requestUri, sessionId].compactMap { $0 }
    }

    /// The form-encoded `postBody` as the Firebase SDKs build it: `providerId` first, then `id_token`, `nonce`,
    /// `access_token` and `oauth_token_secret` where present, each name and value percent-encoded.
    public var postBody: String {
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
