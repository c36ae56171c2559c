/// The project settings a session was made with, so later commands need no flags.
public struct ProjectSettings: Sendable, Equatable {
    /// The Web API key.
    public var apiKey: String?
    /// The emulator `HOST:PORT`, when the session belongs to an emulator.
    public var emulatorHost: String?
    /// The production base URL override (`--endpoint`), when the session was made through one.
    public var endpoint: String?
    /// The tenant the user belongs to.
    public var tenantId: String?
    /// The Firebase project id, when known.
    public var projectId: String?

    /// Makes project settings.
    public init(
        apiKey: String? = nil, emulatorHost: String? = nil, endpoint: String? = nil, tenantId: String? = nil,
        projectId: String? = nil
    ) {
        self.apiKey = apiKey
        self.emulatorHost = emulatorHost
        self.endpoint = endpoint
        self.tenantId = tenantId
        self.projectId = projectId
    }
}
