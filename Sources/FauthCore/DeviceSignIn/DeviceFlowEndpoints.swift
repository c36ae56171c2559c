import FauthJSON

/// Where a provider's OAuth 2.0 device authorization grant (RFC 8628) runs, and which token of its answer goes to
/// `signInWithIdp`.
package struct DeviceFlowEndpoints: Sendable, Equatable {
    /// The token of the token endpoint's answer that signs in to Firebase.
    package enum Token: Sendable, Equatable {
        /// `id_token` (Google, OpenID providers).
        case idToken
        /// `access_token` (GitHub).
        case accessToken
    }

    /// The Firebase provider id (`google.com`, `github.com`, `oidc.…`).
    package let providerId: String
    /// The device authorization endpoint (RFC 8628, 3.1).
    package let deviceAuthorizationURL: String
    /// The token endpoint polled with the device code (RFC 8628, 3.4).
    package let tokenURL: String
    /// Which token goes to `signInWithIdp`.
    package let token: Token

    /// Makes endpoints from their parts.
    package init(providerId: String, deviceAuthorizationURL: String, tokenURL: String, token: Token) {
        self.providerId = providerId
        self.deviceAuthorizationURL = deviceAuthorizationURL
        self.tokenURL = tokenURL
        self.token = token
    }

    /// Google's endpoints, or the emulator's stand-ins under the same host-prefixed paths.
    package static func google(on server: BackendTarget.Server) -> DeviceFlowEndpoints {
        let base = server.hostBase("oauth2.googleapis.com")
        return DeviceFlowEndpoints(
            providerId: "google.com", deviceAuthorizationURL: base + "/device/code", tokenURL: base + "/token",
            token: .idToken)
    }

    /// GitHub's device flow, or the emulator's stand-in.
    package static func github(on server: BackendTarget.Server) -> DeviceFlowEndpoints {
        let base = server.hostBase("github.com")
        return DeviceFlowEndpoints(
            providerId: "github.com", deviceAuthorizationURL: base + "/login/device/code",
            tokenURL: base + "/login/oauth/access_token", token: .accessToken)
    }

    /// The issuer the emulator plays for an `oidc.*` provider when no `--issuer` is given.
    package static func emulatedIssuer(providerId: String, emulatorHost: String) -> String {
        BackendTarget.emulatorOrigin(emulatorHost) + "/emulator/oidc/\(providerId)"
    }

    /// The endpoints an OpenID provider's discovery document names (OpenID Connect Discovery 1.0, 4): its `issuer`
    /// must be the one asked for, its `device_authorization_endpoint` and `token_endpoint` http(s) URLs.
    package init(providerId: String, issuer: String, discovery: JSONValue) throws(FauthError) {
        let path = ".well-known/openid-configuration"
        let reader = try ResponseReader(discovery, endpoint: path)
        let announced = try reader.optionalString("issuer")
        guard let announced, Self.withoutTrailingSlash(announced) == Self.withoutTrailingSlash(issuer) else {
            throw FauthError(
                .invalidCredential,
                message: "The discovery document at \(issuer) names another issuer (\(announced ?? "none")); "
                    + "nothing was sent to it.")
        }
        guard let device = try reader.optionalString("device_authorization_endpoint") else {
            throw FauthError(
                .operationNotAllowed,
                message: "The OpenID provider \(issuer) offers no device authorization endpoint "
                    + "(device_authorization_endpoint): it has no device flow; sign in in a browser instead.")
        }
        let token = try reader.string("token_endpoint")
        for url in [device, token] where !Self.isHTTPURL(url) {
            throw ResponseReader.malformed(path, "\(url) is not an http(s) URL")
        }
        self.init(providerId: providerId, deviceAuthorizationURL: device, tokenURL: token, token: .idToken)
    }

    /// The discovery document's URL for `issuer`.
    package static func discoveryURL(issuer: String) -> String {
        withoutTrailingSlash(issuer) + "/.well-known/openid-configuration"
    }

    /// Whether `url` is an absolute http:// or https:// URL with a host and nothing that could split a request line.
    package static func isHTTPURL(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard let rest = ["https://", "http://"].first(where: lower.hasPrefix).map({ url.dropFirst($0.count) }),
            let first = rest.first, first != "/", url.count <= 2048
        else { return false }
        return !url.contains { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false }
    }

    private static func withoutTrailingSlash(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}
