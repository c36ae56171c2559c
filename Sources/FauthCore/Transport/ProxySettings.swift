/// The proxy variables, read as curl reads them for https:// URLs: `https_proxy`/`HTTPS_PROXY`, `all_proxy`/
/// `ALL_PROXY` when those are unset, and `no_proxy`/`NO_PROXY` (hosts, domains, `*`) for hosts reached directly.
/// Lower case wins; an empty variable counts as unset. `http_proxy` plays no part: plain http:// goes only to this
/// machine, and hosts on this machine never use a proxy (`LoopbackHost`).
package struct ProxySettings: Sendable, Equatable {
    /// The proxy for https:// URLs.
    package var httpsProxy: String?
    /// The proxy when `httpsProxy` is unset.
    package var allProxy: String?
    /// The hosts reached directly, as libcurl's CURLOPT_NOPROXY takes them.
    package var noProxy: String?
    /// The variable `httpsProxy` came from (`https_proxy` or `HTTPS_PROXY`), for messages that name it.
    var httpsProxyVariable = "https_proxy"
    /// The variable `allProxy` came from (`all_proxy` or `ALL_PROXY`).
    var allProxyVariable = "all_proxy"

    /// No proxy at all.
    package static let none = ProxySettings()

    /// Makes proxy settings from their parts.
    package init(httpsProxy: String? = nil, allProxy: String? = nil, noProxy: String? = nil) {
        self.httpsProxy = httpsProxy
        self.allProxy = allProxy
        self.noProxy = noProxy
    }

    /// The settings the environment gives.
    package init(environment: [String: String]) {
        func variable(_ names: String...) -> (name: String, value: String)? {
            names.lazy.compactMap { name in environment[name].map { (name, $0) } }.first { !$0.value.isEmpty }
        }
        let https = variable("https_proxy", "HTTPS_PROXY")
        let all = variable("all_proxy", "ALL_PROXY")
        self.init(httpsProxy: https?.value, allProxy: all?.value, noProxy: variable("no_proxy", "NO_PROXY")?.value)
        httpsProxyVariable = https?.name ?? httpsProxyVariable
        allProxyVariable = all?.name ?? allProxyVariable
    }

    /// The proxy an https:// URL goes through, before `noProxy` and the loopback rule are applied, and the variable
    /// that set it.
    var setting: (variable: String, value: String)? {
        httpsProxy.map { (httpsProxyVariable, $0) } ?? allProxy.map { (allProxyVariable, $0) }
    }
}
