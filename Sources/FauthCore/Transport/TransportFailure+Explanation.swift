import FauthText

extension TransportFailure {
    /// What happened, for a person: the cause and the host (`host[:port]` of `url`); `timeout` is the total limit
    /// in seconds that a timeout reached. libcurl's own words stay in the error's `underlying` object.
    package func explanation(url: String, timeout: Double) -> String {
        let host = URLParts(url: url)?.authority ?? url
        switch self {
        case .connectionRefused:
            return "Cannot connect to \(host): connection refused (nothing listens there, or it is unreachable)."
        case .hostNotFound:
            return "Cannot reach \(host): unknown host."
        case .timedOut:
            return "No complete answer from \(host): timeout after \(Self.seconds(timeout)) s."
        case .connectionReset:
            return "The connection to \(host) broke before a complete answer."
        case .tls(_, let message):
            return "The TLS handshake with \(host) failed: \(message)."
        case .certificate(let problem, _, let message):
            let detail = message.replacingAll("SSL certificate problem: ", with: "")
            return "The TLS certificate of \(host) \(problem.rawValue) (\(detail))."
        case .proxyCertificate(let proxy, let problem, _, let message):
            let detail = message.replacingAll("SSL certificate problem: ", with: "")
            return "The TLS certificate of the proxy \(proxy) (for \(host)) \(problem.rawValue) (\(detail))."
        case .responseTooLarge(let overflow, let limit, _, _):
            return "The answer from \(host) has more than \(limit) \(overflow.rawValue), more than fauth accepts; "
                + "it was not read further."
        case .unsupportedScheme(let scheme):
            return "Nothing was sent to \(host): \(scheme):// is not a scheme fauth uses (https://, or http:// to this "
                + "machine)."
        case .plainHTTPToAnotherMachine(let peer):
            return
                "Nothing was sent to \(host): plain http:// reached \(peer), which is not this machine (tokens would "
                + "travel unencrypted); use https://."
        case .other(_, let message):
            return "The request to \(host) failed: \(message)."
        case .proxySetting(let variable, let problem):
            return "The proxy variable \(variable) cannot be used: \(problem). Nothing was sent: fix or unset it."
        case .proxyUnreachable(let proxy, _, _):
            return "Cannot connect to the proxy \(proxy) (for \(host)): connection refused or unreachable."
        case .proxyNotFound(let proxy, _, _):
            return "Cannot reach the proxy \(proxy) (for \(host)): unknown host."
        case .tunnelRefused(let proxy, let status, _, _):
            switch status {
            case 407:
                return "The proxy \(proxy) refused to tunnel to \(host): 407, it wants a user and password "
                    + "(give them in the proxy variable, http://USER:PASSWORD@HOST:PORT)."
            case 500...:
                return "The proxy \(proxy) could not open a tunnel to \(host): it answered \(status)."
            default:
                return "The proxy \(proxy) refused to tunnel to \(host): it answered \(status)."
            }
        }
    }

    /// Seconds as written by a person: `30`, `2.5`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
    }
}
