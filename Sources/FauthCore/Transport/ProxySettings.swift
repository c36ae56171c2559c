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
    /// The variable `httpsProxy` came from (`https_proxy` or `HTTPS_PROXY`), for messages that name it.
    var httpsProxyVariable = "https_proxy"
    /// The variable `allProxy` came from (`all_proxy` or `ALL_PROXY`).
    var allProxyVariable = "all_proxy"

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
        func variable(_ names: String...) -> (name: String, value: String)? {
            names.lazy.compactMap { name in environment[name].map { (name, $0) } }.first { !$0.value.isEmpty }
        }
        let https = variable("https_proxy", "HTTPS_PROXY"), all = variable("all_proxy", "ALL_PROXY")
        self.init(httpsProxy: https?.value, httpProxy: variable("http_proxy")?.value, allProxy: all?.value,
                  noProxy: variable("no_proxy", "NO_PROXY")?.value)
        httpsProxyVariable = https?.name ?? httpsProxyVariable
        allProxyVariable = all?.name ?? allProxyVariable
    }

    /// The proxy a URL with this scheme goes through, before `noProxy` and the loopback rule are applied.
    func proxy(forScheme scheme: String) -> String? {
        setting(forScheme: scheme)?.value
    }

    /// The proxy a URL with this scheme goes through and the variable that set it.
    func setting(forScheme scheme: String) -> (variable: String, value: String)? {
        switch scheme {
        case "https": return httpsProxy.map { (httpsProxyVariable, $0) } ?? allProxy.map { (allProxyVariable, $0) }
        case "http": return httpProxy.map { ("http_proxy", $0) } ?? allProxy.map { (allProxyVariable, $0) }
        default: return allProxy.map { (allProxyVariable, $0) }
        }
    }
}
