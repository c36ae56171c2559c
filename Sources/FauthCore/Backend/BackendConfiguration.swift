/// Where and how backend calls are made: the API key, an optional emulator or production endpoint override, the
/// tenant and the total deadline.
package struct BackendConfiguration: Sendable, Equatable {
    /// The Firebase Web API key, sent as `?key=`.
    package var apiKey: String
    /// The emulator's `HOST:PORT` (as in `FIREBASE_AUTH_EMULATOR_HOST`), or nil for Google's production servers.
    package var emulatorHost: String?
    /// The base URL that replaces `https://identitytoolkit.googleapis.com` and `https://securetoken.googleapis.com`
    /// (a regional or gateway endpoint; see `ProductionEndpoint`), or nil for Google's own hosts.
    package var endpoint: String?
    /// The tenant every Identity Toolkit request body names, or nil for the project itself.
    package var tenantId: String?
    /// The total time one call may take, retries included, in seconds.
    package var timeout: Double
    /// The certificate authorities the server's TLS certificate must chain to.
    package var trust: TrustedCertificates

    /// The deadline used when none is given, in seconds.
    package static let defaultTimeout: Double = 30

    /// Makes a configuration.
    package init(
        apiKey: String, emulatorHost: String? = nil, endpoint: String? = nil, tenantId: String? = nil,
        timeout: Double = BackendConfiguration.defaultTimeout, trust: TrustedCertificates = .system
    ) {
        self.apiKey = apiKey
        self.emulatorHost = emulatorHost
        self.endpoint = endpoint
        self.tenantId = tenantId
        self.timeout = timeout
        self.trust = trust
    }

    /// The URL of `path` on `service`, with the API key percent-encoded in the query, as the Firebase SDKs build it:
    /// `https://identitytoolkit.googleapis.com/v1/accounts:signUp?key=K`, or on an emulator
    /// `http://HOST:PORT/identitytoolkit.googleapis.com/v1/accounts:signUp?key=K`, or with an endpoint override
    /// `ENDPOINT/v1/accounts:signUp?key=K` (and `ENDPOINT/v1/token?key=K` for Secure Token).
    package func url(for service: Service, path: String) -> String {
        url(for: service, path: path, keyValue: PercentEncoding.encode(apiKey))
    }

    /// The same URL with the key replaced by `REDACTED`, for traces and messages.
    package func redactedURL(for service: Service, path: String) -> String {
        url(for: service, path: path, keyValue: SecretRedaction.placeholder)
    }

    private func url(for service: Service, path: String, keyValue: String) -> String {
        let base: String
        if let emulatorHost {
            base = "http://\(Self.bracketingIPv6(emulatorHost))/\(service.host)"
        } else {
            base = endpoint ?? "https://\(service.host)"
        }
        return "\(base)/\(service.version)/\(path)?key=\(keyValue)"
    }

    /// `HOST:PORT` with an IPv6 host put in brackets (`::1:9099` → `[::1]:9099`), as the SDKs' `useEmulator` does;
    /// a host already in brackets, a name or an IPv4 address is kept.
    static func bracketingIPv6(_ hostAndPort: String) -> String {
        guard !hostAndPort.hasPrefix("["), hostAndPort.filter({ $0 == ":" }).count > 1 else {
            return hostAndPort
        }
        guard let lastColon = hostAndPort.lastIndex(of: ":"),
            hostAndPort[hostAndPort.index(after: lastColon)...].allSatisfy(\.isASCIIDigit),
            hostAndPort.index(after: lastColon) != hostAndPort.endIndex
        else {
            return "[\(hostAndPort)]"
        }
        return "[\(hostAndPort[..<lastColon])]\(hostAndPort[lastColon...])"
    }
}
