/// A way to prove who the user is, for sign-in, link and reauthentication.
package enum Credential: Sendable, Equatable {
    /// An email and password.
    case password(email: String, password: String)
    /// An email and the one-time code of the sign-in link sent to it (passwordless sign-in).
    case emailLink(email: String, code: String)
    /// A new anonymous user (sign-in only).
    case anonymous
    /// A custom token minted by the app's server (sign-in only).
    case customToken(String)
    /// Tokens from an identity provider such as Google or Apple.
    case identityProvider(IdpCredential)

    /// The provider id this credential signs in with (`password`, also for an email link, as the SDK's
    /// `EmailAuthProvider`; `anonymous`, `custom`, `google.com`, …).
    package var providerId: String {
        switch self {
        case .password, .emailLink: "password"
        case .anonymous: "anonymous"
        case .customToken: "custom"
        case .identityProvider(let credential): credential.providerId
        }
    }
}

extension IdpCredential {
    /// Checks, before any request, that the provider id is usable and that the tokens this provider needs are there;
    /// the message names what is missing in the credential's own terms (the command line names its options).
    package func validate() throws(FauthError) {
        let reserved: Set = ["password", "phone", "anonymous", "custom", "emailLink", "firebase"]
        guard !providerId.isEmpty, !reserved.contains(providerId), providerId == providerId.lowercased(),
            providerId.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" })
        else {
            throw FauthError(
                .invalidProviderID,
                message: "'\(providerId)' is not an identity provider id (google.com, apple.com, oidc.example, …).")
        }
        let needs: String?
        switch providerId {
        case _ where requestUri != nil: needs = nil
        case "google.com": needs = idToken == nil && accessToken == nil ? "an ID token or an access token" : nil
        case "facebook.com", "github.com": needs = accessToken == nil ? "an access token" : nil
        case "twitter.com":
            needs = accessToken == nil || tokenSecret == nil ? "an access token and a token secret" : nil
        case "apple.com": needs = idToken == nil ? "an ID token (and the raw nonce)" : nil
        default: needs = idToken == nil && accessToken == nil ? "an ID token or an access token" : nil
        }
        if let needs {
            throw FauthError(.usage, message: "\(providerId) needs \(needs).")
        }
    }
}
