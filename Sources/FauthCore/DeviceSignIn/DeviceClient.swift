/// The OAuth client a device sign-in runs as: the project's client for the provider, its secret when the provider
/// wants one (Google's "TVs and limited input devices" clients), and the scopes asked beyond the provider's defaults.
package struct DeviceClient: Sendable, Equatable {
    /// The OAuth client ID.
    package var clientId: String
    /// The client secret, when there is one; never logged or shown.
    package var clientSecret: String?
    /// The scopes asked for, the provider's defaults first.
    package var scopes: [String]

    /// A client for `providerId` asking its default scopes and `extraScopes`.
    package init(providerId: String, clientId: String, clientSecret: String?, extraScopes: [String]) {
        self.clientId = clientId
        self.clientSecret = clientSecret
        let defaults = providerId == "github.com" ? ["read:user", "user:email"] : ["openid", "email", "profile"]
        scopes = defaults + extraScopes.filter { !defaults.contains($0) }
    }
}
