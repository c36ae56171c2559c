/// Where a backend call goes and for whom (docs/design/session.md, "Which backend it belongs to"): Google's servers,
/// an endpoint URL or an emulator, the project, the API key and the tenant. A command resolves one
/// (`ConfigurationResolver`), its calls' URLs are built from it, a session stores the one it was made with, and the
/// session's tokens go to that backend only (`accepts`).
package struct BackendTarget: Sendable, Equatable {
    /// Where requests go: Google's servers, an endpoint URL or an emulator.
    package enum Server: Sendable, Equatable {
        /// Google's production servers (`https://identitytoolkit.googleapis.com`, `https://securetoken.googleapis.com`).
        case google
        /// A production endpoint override (`--endpoint URL`) that replaces both.
        case endpoint(String)
        /// The emulator at `HOST:PORT` (`--emulator`, `FIREBASE_AUTH_EMULATOR_HOST`).
        case emulator(String)

        /// The server an emulator host or else an endpoint names; Google's when neither is given.
        package init(emulatorHost: String?, endpoint: String?) {
            self = emulatorHost.map { .emulator($0) } ?? endpoint.map { .endpoint($0) } ?? .google
        }

        /// The emulator's `HOST:PORT`, nil for another server.
        package var emulatorHost: String? {
            if case .emulator(let host) = self { host } else { nil }
        }

        /// The endpoint override's URL, nil for another server.
        package var endpoint: String? {
            if case .endpoint(let url) = self { url } else { nil }
        }

        /// `https://HOST` for a host other than the Firebase APIs' (`www.googleapis.com`, `oauth2.googleapis.com`,
        /// `github.com`), or on an emulator its stand-in `http://EMULATOR/HOST`; an endpoint override replaces only
        /// the APIs' hosts.
        package func hostBase(_ host: String) -> String {
            emulatorHost.map { BackendTarget.emulatorOrigin($0) + "/" + host } ?? "https://\(host)"
        }

        /// Whether both name one server; emulator hosts compare without regard to case (`LOCALHOST:9099` is
        /// `localhost:9099`), endpoints as URLs (`HTTPS://Gateway.example.com:443/` is `https://gateway.example.com`).
        package func isSame(as other: Server) -> Bool {
            switch (self, other) {
            case (.google, .google): true
            case (.emulator(let left), .emulator(let right)): left.lowercased() == right.lowercased()
            case (.endpoint(let left), .endpoint(let right)): Self.comparable(left) == Self.comparable(right)
            default: false
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
    }

    /// The key sent when an emulator is used and no key was given (the emulator takes any key); a session made so
    /// stores it as its `apiKey`.
    package static let emulatorPlaceholderAPIKey = "fauth-emulator-placeholder-key"

    /// Where requests go.
    package var server: Server
    /// The Firebase project id; nil when unknown.
    package var projectId: String?
    /// The Web API key, sent as `?key=`; nil when unknown, or when none was given for an emulator (any key will do:
    /// `emulatorPlaceholderAPIKey` is sent).
    package var apiKey: String?
    /// The tenant every Identity Toolkit request names; nil for the project's own users.
    package var tenantId: String?

    /// Makes a target; the emulator placeholder key counts as no key.
    package init(server: Server = .google, projectId: String? = nil, apiKey: String? = nil, tenantId: String? = nil) {
        self.server = server
        self.projectId = projectId
        self.apiKey = apiKey == Self.emulatorPlaceholderAPIKey ? nil : apiKey
        self.tenantId = tenantId
    }

    // MARK: URLs

    /// The URL of `path` on `service`, with the API key percent-encoded in the query, as the Firebase SDKs build it:
    /// `https://identitytoolkit.googleapis.com/v1/accounts:signUp?key=K`, or on an emulator
    /// `http://HOST:PORT/identitytoolkit.googleapis.com/v1/accounts:signUp?key=K`, or with an endpoint override
    /// `ENDPOINT/v1/accounts:signUp?key=K` (and `ENDPOINT/v1/token?key=K` for Secure Token).
    package func url(for service: Service, path: String) -> String {
        url(for: service, path: path, keyValue: PercentEncoding.encode(apiKey ?? Self.emulatorPlaceholderAPIKey))
    }

    /// The same URL with the key replaced by `REDACTED`, for traces and messages.
    package func redactedURL(for service: Service, path: String) -> String {
        url(for: service, path: path, keyValue: SecretRedaction.placeholder)
    }

    private func url(for service: Service, path: String, keyValue: String) -> String {
        let base = server.endpoint ?? server.hostBase(service.host)
        return "\(base)/\(service.version)/\(path)?key=\(keyValue)"
    }

    /// `http://HOST:PORT` of an emulator, with an IPv6 host put in brackets (`::1:9099` → `http://[::1]:9099`) as the
    /// SDKs' `useEmulator` does; a host already in brackets, a name or an IPv4 address is kept.
    package static func emulatorOrigin(_ hostAndPort: String) -> String {
        guard !hostAndPort.hasPrefix("["), hostAndPort.filter({ $0 == ":" }).count > 1 else {
            return "http://" + hostAndPort
        }
        guard let lastColon = hostAndPort.lastIndex(of: ":"),
            hostAndPort[hostAndPort.index(after: lastColon)...].allSatisfy(\.isASCIIDigit),
            hostAndPort.index(after: lastColon) != hostAndPort.endIndex
        else {
            return "http://[\(hostAndPort)]"
        }
        return "http://[\(hostAndPort[..<lastColon])]\(hostAndPort[lastColon...])"
    }

    // MARK: The mismatch rule

    /// Whether a command naming `other` may use a session bound to this target: same server and tenant, and the same
    /// project and API key where both are known (a part unknown on either side is inherited, not contradicted).
    package func accepts(_ other: BackendTarget) -> Bool {
        server.isSame(as: other.server) && tenantId == other.tenantId
            && Self.agree(projectId, other.projectId) && Self.agree(apiKey, other.apiKey)
    }

    /// `session-backend-mismatch` unless a command naming `named` may use the session stored at `path` with this
    /// target: the message names both backends, never a token; `InputProblem.sessionOfAnotherBackend` says what to do.
    package func requireAccepts(_ named: BackendTarget, sessionAt path: String) throws(FauthError) {
        guard accepts(named) else {
            var mismatch = FauthError(
                .sessionBackendMismatch,
                message: "The session \(path) belongs to \(description), but this command names "
                    + "\(named.description) (flags, environment or config file). Nothing was sent and the session is "
                    + "unchanged.")
            mismatch.inputProblem = .sessionOfAnotherBackend
            throw mismatch
        }
    }

    /// "the emulator at 127.0.0.1:9099 (project demo-fauth, API key …-key, no tenant)"; the key shown by its end only.
    /// The keyring items of a session carry it as their `backend` attribute, so it does not change.
    package var description: String {
        let place =
            switch server {
            case .google: "Google's servers"
            case .emulator(let host): "the emulator at \(host)"
            case .endpoint(let url): "the endpoint \(url)"
            }
        let parts = [
            "project " + (projectId ?? "unknown"),
            apiKey.map { "API key …" + Self.keySuffix($0) } ?? "any API key",
            tenantId.map { "tenant \($0)" } ?? "no tenant",
        ]
        return "\(place) (\(parts.joined(separator: ", ")))"
    }

    /// The last four characters of a key (half of a shorter one), enough to tell keys apart without showing them.
    package static func keySuffix(_ key: String) -> String {
        String(key.suffix(key.count >= 8 ? 4 : key.count / 2))
    }

    private static func agree(_ lhs: String?, _ rhs: String?) -> Bool {
        guard let lhs, let rhs else { return true }
        return lhs == rhs
    }
}
