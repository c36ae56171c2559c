import FauthJSON

/// Which backend a session belongs to, or a command names (docs/design/session.md, "Which backend it belongs to"):
/// Google's servers or one emulator, the project, the API key and the tenant. A session's tokens go to its own backend
/// only.
package struct BackendIdentity: Sendable, Equatable {
    /// Where requests go.
    package enum Server: Sendable, Equatable {
        /// Google's production servers.
        case google
        /// The emulator at `HOST:PORT`.
        case emulator(String)
        /// A production endpoint override (`--endpoint URL`).
        case endpoint(String)

        /// The server an emulator host or else an endpoint names; Google's when neither is given.
        init(emulatorHost: String?, endpoint: String?) {
            self = emulatorHost.map { .emulator($0) } ?? endpoint.map { .endpoint($0) } ?? .google
        }
    }

    /// Where requests go.
    package var server: Server
    /// The Firebase project id; nil when unknown.
    package var projectId: String?
    /// The Web API key; nil when unknown or when any key will do (an emulator used without one).
    package var apiKey: String?
    /// The tenant; nil for the project's own users.
    package var tenantId: String?

    /// Makes a backend identity.
    package init(server: Server, projectId: String? = nil, apiKey: String? = nil, tenantId: String? = nil) {
        self.server = server
        self.projectId = projectId
        self.apiKey = apiKey == ResolvedConfiguration.emulatorPlaceholderAPIKey ? nil : apiKey
        self.tenantId = tenantId
    }

    /// The backend a session was made with.
    package init(_ settings: ProjectSettings) {
        self.init(
            server: Server(emulatorHost: settings.emulatorHost, endpoint: settings.endpoint),
            projectId: settings.projectId,
            apiKey: settings.apiKey, tenantId: settings.tenantId)
    }

    /// The backend a command's resolved configuration names.
    package init(_ configuration: ResolvedConfiguration) {
        self.init(configuration.projectSettings)
    }

    /// Whether a command naming `other` may use a session bound to this backend: same server and tenant, and the same
    /// project and API key where both are known (a part unknown on either side is inherited, not contradicted).
    package func accepts(_ other: BackendIdentity) -> Bool {
        Self.sameServer(server, other.server) && tenantId == other.tenantId
            && Self.agree(projectId, other.projectId) && Self.agree(apiKey, other.apiKey)
    }

    /// "the emulator at 127.0.0.1:9099 (project demo-fauth, API key …-key, no tenant)"; the key shown by its end only.
    package var description: String {
        let place: String
        switch server {
        case .google: place = "Google's servers"
        case .emulator(let host): place = "the emulator at \(host)"
        case .endpoint(let url): place = "the endpoint \(url)"
        }
        let parts = [
            "project " + (projectId ?? "unknown"),
            apiKey.map { "API key …" + Self.keySuffix($0) } ?? "any API key",
            tenantId.map { "tenant \($0)" } ?? "no tenant",
        ]
        return "\(place) (\(parts.joined(separator: ", ")))"
    }

    /// `session-backend-mismatch` unless a command configured with `configuration` may use a session made with
    /// `project` (stored at `path`): the message names both backends, never a token; `InputProblem.sessionOfAnotherBackend` says what to do.
    package static func requireMatch(
        _ project: ProjectSettings, at path: String, configuration: ResolvedConfiguration
    ) throws {
        let own = BackendIdentity(project)
        let named = BackendIdentity(configuration)
        guard own.accepts(named) else {
            var mismatch = FauthError(
                .sessionBackendMismatch,
                message: "The session \(path) belongs to \(own.description), but this command names "
                    + "\(named.description) (flags, environment or config file). Nothing was sent and the session is "
                    + "unchanged.")
            mismatch.inputProblem = .sessionOfAnotherBackend
            throw mismatch
        }
    }

    /// Whether both name one server; emulator hosts compare without regard to case (`LOCALHOST:9099` is `localhost:9099`),
    /// endpoints as URLs (`HTTPS://Gateway.example.com:443/` is `https://gateway.example.com`).
    static func sameServer(_ lhs: Server, _ rhs: Server) -> Bool {
        switch (lhs, rhs) {
        case (.google, .google): return true
        case (.emulator(let left), .emulator(let right)): return left.lowercased() == right.lowercased()
        case (.endpoint(let left), .endpoint(let right)): return comparable(left) == comparable(right)
        default: return false
        }
    }

    /// An endpoint URL with the parts that do not change the server made alike: the scheme's and host's case, the
    /// scheme's default port, a path's final slash. A URL that cannot be read stays as written.
    private static func comparable(_ endpoint: String) -> String {
        guard let parts = URLParts(url: endpoint) else { return endpoint }
        var path = Substring(parts.pathAndQuery)
        while path.hasSuffix("/") { path = path.dropLast() }
        return "\(parts.scheme)://\(parts.host.lowercased()):\(parts.port)\(path)"
    }

    private static func agree(_ lhs: String?, _ rhs: String?) -> Bool {
        guard let lhs, let rhs else { return true }
        return lhs == rhs
    }

    /// The last four characters of a key (half of a shorter one), enough to tell keys apart without showing them.
    package static func keySuffix(_ key: String) -> String {
        String(key.suffix(key.count >= 8 ? 4 : key.count / 2))
    }
}
