/// The OAuth client a profile's device sign-ins with one provider run as: its client ID and, for an `oidc.*`
/// provider, the issuer given for it. Neither is a secret (the client secret is never kept).
package struct DeviceClientSettings: Sendable, Equatable {
    /// The OAuth client ID.
    package var clientId: String
    /// The OpenID issuer URL, for an `oidc.*` provider given one.
    package var issuer: String?

    /// Settings with `clientId` and `issuer`.
    package init(clientId: String, issuer: String? = nil) {
        self.clientId = clientId
        self.issuer = issuer
    }
}
