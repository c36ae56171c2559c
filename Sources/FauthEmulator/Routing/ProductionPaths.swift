/// Requests with Google's production paths (`/v1/accounts:signUp`, `/v1/projects/…`, `/v2/…`, `/v1/token`), as a
/// client sends them to `identitytoolkit.googleapis.com` or `securetoken.googleapis.com` (or through a TLS front
/// or gateway that kept the path), are served like the emulator's prefixed paths; so are the key documents of
/// `www.googleapis.com` (`/robot/v1/metadata/x509/…`, `/service_accounts/v1/jwk/…`,
/// `/identitytoolkit/v3/relyingparty/publicKeys`) when the `Host` header names that host.
enum ProductionPaths {
    /// The two production services, by host name.
    private static let identityToolkit = "identitytoolkit.googleapis.com"
    private static let secureToken = "securetoken.googleapis.com"
    /// Where Google publishes its token-signing keys, and the folders of its key documents there.
    private static let googleAPIs = "www.googleapis.com"
    private static let googleAPIsFolders: Set<String> = ["robot", "service_accounts", "identitytoolkit"]

    /// The prefixed segments for a production-shaped path (`v1`/`v2` first): the service is the one the `Host`
    /// header names, else Secure Token for `v1/token` and Identity Toolkit for the rest. Other paths are unchanged.
    static func rewrite(_ segments: [String], host: @autoclosure () -> String?) -> [String] {
        guard let first = segments.first else { return segments }
        let hostName = host().map { name in
            String(name.lowercased().prefix { $0 != ":" }).trimmingSuffix(".")
        }
        if hostName == googleAPIs, googleAPIsFolders.contains(first) { return [googleAPIs] + segments }
        guard first == "v1" || first == "v2" else { return segments }
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
