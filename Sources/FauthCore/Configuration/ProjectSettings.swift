/// What a profile's session remembers of the command that made it, so later commands need no flags: the backend
/// target its tokens belong to, and the OAuth clients of its device sign-ins.
package struct ProjectSettings: Sendable, Equatable {
    /// The backend the session's tokens belong to (and are sent to only).
    package var target: BackendTarget
    /// The OAuth clients device sign-ins used, by provider ID (`google.com`, `oidc.corp`), so the next one on this
    /// profile needs neither `--client-id` nor `--issuer`.
    package var deviceClients: [String: DeviceClientSettings]

    /// Makes project settings.
    package init(target: BackendTarget = BackendTarget(), deviceClients: [String: DeviceClientSettings] = [:]) {
        self.target = target
        self.deviceClients = deviceClients
    }
}
