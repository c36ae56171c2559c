/// The configuration a command runs with, after `ConfigurationResolver` applied the precedence rules.
package struct ResolvedConfiguration: Sendable, Equatable {
    /// The key sent with every request when an emulator is used and no key was given (the emulator takes any key).
    package static let emulatorPlaceholderAPIKey = "fauth-emulator-placeholder-key"
    /// The request timeout used when none is given, in seconds (the backend's default).
    package static let defaultTimeout = BackendConfiguration.defaultTimeout

    /// The Web API key; never nil after `ConfigurationResolver.resolve`.
    package var apiKey: String?
    /// The emulator `HOST:PORT`; nil for the production backend.
    package var emulatorHost: String?
    /// The production base URL override (`--endpoint`), nil for Google's own hosts.
    package var endpoint: String?
    /// The tenant to sign users into.
    package var tenantId: String?
    /// The Firebase project id, when known.
    package var projectId: String?
    /// The total time a request may take, in seconds.
    package var timeout: Double
    /// The certificate authorities TLS connections trust.
    package var trust: TrustedCertificates
    /// The OAuth clients of device sign-ins, by provider ID: the session's (for its own server), and the one a
    /// device sign-in of this command uses; a new session keeps them.
    package var deviceClients: [String: DeviceClientSettings] = [:]

    /// Makes a resolved configuration.
    package init(
        apiKey: String?, emulatorHost: String? = nil, endpoint: String? = nil, tenantId: String? = nil,
        projectId: String? = nil, timeout: Double = ResolvedConfiguration.defaultTimeout,
        trust: TrustedCertificates = .system
    ) {
        self.apiKey = apiKey
        self.emulatorHost = emulatorHost
        self.endpoint = endpoint
        self.tenantId = tenantId
        self.projectId = projectId
        self.timeout = timeout
        self.trust = trust
    }

    /// The configuration backend calls are made with.
    package var backendConfiguration: BackendConfiguration {
        BackendConfiguration(
            apiKey: apiKey ?? Self.emulatorPlaceholderAPIKey, emulatorHost: emulatorHost, endpoint: endpoint,
            tenantId: tenantId, timeout: timeout, trust: trust)
    }

    /// The settings a new session remembers.
    package var projectSettings: ProjectSettings {
        ProjectSettings(
            apiKey: apiKey, emulatorHost: emulatorHost, endpoint: endpoint, tenantId: tenantId, projectId: projectId,
            deviceClients: deviceClients)
    }
}
