/// One of the device authorization servers (RFC 8628) the emulator plays: Google's, GitHub's, or an OpenID provider
/// at `/emulator/oidc/{providerId}`; what the client sends and receives differs a little between them.
enum DeviceAuthorizationServer: Sendable, Equatable {
    /// `oauth2.googleapis.com`: a client secret is required, the answer carries an ID token.
    case google
    /// `github.com`: errors come with status 200 (as GitHub answers), the answer is an access token only.
    case github
    /// An emulated OpenID provider for the `oidc.*` provider id: a public client, the answer carries an ID token.
    case oidc(providerId: String)

    /// The Firebase provider id the identity is for.
    var providerId: String {
        switch self {
        case .google: "google.com"
        case .github: "github.com"
        case .oidc(let providerId): providerId
        }
    }

    /// The `iss` of the ID tokens it issues, on an emulator reached at `authority`.
    func issuer(authority: String) -> String {
        switch self {
        case .google: "https://accounts.google.com"
        case .github: "https://github.com"
        case .oidc(let providerId): "http://\(authority)\(Self.oidcPrefix)/\(providerId)"
        }
    }

    /// Whether the token endpoint wants the client secret (Google's "TVs and limited input devices" clients).
    var requiresClientSecret: Bool { self == .google }

    /// Whether the answer carries an ID token (else an access token alone).
    var issuesIdToken: Bool { self != .github }

    /// The status of an error answer: GitHub answers 200 with `error`, the others 400 (RFC 6749, 5.2).
    var errorStatus: Int { self == .github ? 200 : 400 }

    /// The path prefix of the emulated OpenID providers.
    static let oidcPrefix = "/emulator/oidc"
}
