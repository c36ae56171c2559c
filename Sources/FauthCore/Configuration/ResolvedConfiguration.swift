/// The configuration a command runs with, after `ConfigurationResolver` applied the precedence rules.
public struct ResolvedConfiguration: Sendable, Equatable {
    /// The key sent with every request when an emulator is used and no key was given (the emulator takes any key).
    public static let emulatorPlaceholderAPIKey = "fauth-emulator-placeholder-key"
    /// The request timeout used when none is given, in seconds (the backend's default).
    public static let defaultTimeout = BackendConfiguration.defaultTimeout

    /// The Web API key; never nil after `ConfigurationResolver.resolve`.
    public var apiKey: String?
    /// The emulator `HOST:PORT`; nil for the production backend.
    public var emulatorHost: String?
    /// The production base URL override (`--endpoint`), nil for Google's own hosts.
    public var endpoint: String?
    /// The tenant to sign users into.
    public var tenantId: String?
    /// The Firebase project id, when known.
    public var projectId: String?
    /// The total time a request may take, in seconds.
    public var timeout: Double
    /// The certificate authorities TLS connections trust.
    public var trust: TrustedCertificates

    /// Makes a resolved configuration.
    public init(
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
    public var backendConfiguration: BackendConfiguration {
        BackendConfiguration(
            apiKey: apiKey ?? Self.emulatorPlaceholderAPIKey, emulatorHost: emulatorHost, endpoint: endpoint,
            tenantId: tenantId, timeout: timeout, trust: trust)
    }

    /// The settings a new session remembers.
    public var projectSettings: ProjectSettings {
        ProjectSettings(
            apiKey: apiKey, emulatorHost: emulatorHost, endpoint: endpoint, tenantId: tenantId, projectId: projectId)
    }
}
