/// The proxy variables, read as curl reads them: `https_proxy`/`HTTPS_PROXY` for https:// URLs, `http_proxy`
/// (lower case only: curl ignores `HTTP_PROXY`, which a CGI request can set) for http://, `all_proxy`/`ALL_PROXY`
/// for either when those are unset, and `no_proxy`/`NO_PROXY` (hosts, domains, `*`) for hosts reached directly.
/// Lower case wins; an empty variable counts as unset. Hosts on this machine never use a proxy (`LoopbackHost`).
public struct ProxySettings: Sendable, Equatable {
    /// The proxy for https:// URLs.
    public var httpsProxy: String?
    /// The proxy for http:// URLs.
    public var httpProxy: String?
    /// The proxy for both when the scheme's own is unset.
    public var allProxy: String?
    /// The hosts reached directly, as libcurl's CURLOPT_NOPROXY takes them.
    public var noProxy: String?

    /// No proxy at all.
    public static let none = ProxySettings()

    /// Makes proxy settings from their parts.
    public init(httpsProxy: String? = nil, httpProxy: String? = nil, allProxy: String? = nil, noProxy: String? = nil) {
        self.httpsProxy = httpsProxy
        self.httpProxy = httpProxy
        self.allProxy = allProxy
        self.noProxy = noProxy
    }

    /// The settings the environment gives.
    public init(environment: [String: String]) {
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        }
        self.init(httpsProxy: value("https_proxy", "HTTPS_PROXY"), httpProxy: value("http_proxy"),
                  allProxy: value("all_proxy", "ALL_PROXY"), noProxy: value("no_proxy", "NO_PROXY"))
    }

    /// The proxy a URL with this scheme goes through, before `noProxy` and the loopback rule are applied.
    func proxy(forScheme scheme: String) -> String? {
        switch scheme {
        case "https": return httpsProxy ?? allProxy
        case "http": return httpProxy ?? allProxy
        default: return allProxy
        }
    }
}
