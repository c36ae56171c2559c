/// Requests with Google's production paths (`/v1/accounts:signUp`, `/v1/projects/…`, `/v2/…`, `/v1/token`), as a
/// client sends them to `identitytoolkit.googleapis.com` or `securetoken.googleapis.com` (or through a TLS front
/// or gateway that kept the path), are served like the emulator's prefixed paths.
enum ProductionPaths {
    /// The two production services, by host name.
    private static let identityToolkit = "identitytoolkit.googleapis.com"
    private static let secureToken = "securetoken.googleapis.com"

    /// The prefixed segments for a production-shaped path (`v1`/`v2` first): the service is the one the `Host`
    /// header names, else Secure Token for `v1/token` and Identity Toolkit for the rest. Other paths are unchanged.
    static func rewrite(_ segments: [String], host: @autoclosure () -> String?) -> [String] {
        guard let version = segments.first, version == "v1" || version == "v2" else { return segments }
        let hostName = host().map { name in
            String(name.lowercased().prefix { $0 != ":" }).trimmingSuffix(".")
        }
        let service: String
        if hostName == secureToken || hostName == identityToolkit {
            service = hostName!
        } else {
            service = segments == ["v1", "token"] ? secureToken : identityToolkit
        }
        return [service] + segments
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: Character) -> String {
        last == suffix ? String(dropLast()) : self
    }
}
