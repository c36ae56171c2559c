/// The project settings a session was made with, so later commands need no flags.
package struct ProjectSettings: Sendable, Equatable {
    /// The Web API key.
    package var apiKey: String?
    /// The emulator `HOST:PORT`, when the session belongs to an emulator.
    package var emulatorHost: String?
    /// The production base URL override (`--endpoint`), when the session was made through one.
    package var endpoint: String?
    /// The tenant the user belongs to.
    package var tenantId: String?
    /// The Firebase project id, when known.
    package var projectId: String?
    /// The OAuth clients device sign-ins used, by provider ID (`google.com`, `oidc.corp`), so the next one on this
    /// profile needs neither `--client-id` nor `--issuer`.
    package var deviceClients: [String: DeviceClientSettings]

    /// Makes project settings.
    package init(
        apiKey: String? = nil, emulatorHost: String? = nil, endpoint: String? = nil, tenantId: String? = nil,
        projectId: String? = nil, deviceClients: [String: DeviceClientSettings] = [:]
    ) {
        self.apiKey = apiKey
        self.emulatorHost = emulatorHost
        self.endpoint = endpoint
        self.tenantId = tenantId
        self.projectId = projectId
        self.deviceClients = deviceClients
    }
}
