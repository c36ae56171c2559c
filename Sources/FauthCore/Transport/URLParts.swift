/// The parts of an absolute `scheme://host[:port]/path?query` URL that the transports need. A URL with user
/// information, an empty host, or a port outside 1–65535 has no parts.
struct URLParts: Equatable {
    /// The scheme, lower-cased (`http`, `https`).
    let scheme: String
    /// The host as written, without the brackets of an IPv6 literal.
    let host: String
    /// The port the URL names, or the scheme's default (80 for http, 443 for https, else 0).
    let port: UInt16
    /// `host[:port]` as the URL has it (brackets kept), for a Host header.
    let authority: String
    /// The path and query (`/` when the URL has no path), without a fragment.
    let pathAndQuery: String

    /// The parts of `url`, nil when it is not an absolute URL with a valid host and port.
    init?(url: String) {
        // A scheme holds no ":", so its end is the first one.
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return nil }
        let scheme = url[..<colon].lowercased()
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else {
            return nil
        }
        let rest = url[url.index(colon, offsetBy: 3)...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let (host, port) = Self.split(authority: authority) else { return nil }
        self.scheme = scheme
        self.host = host
        self.authority = String(authority)
        if let port {
            self.port = port
        } else {
            self.port = scheme == "http" ? 80 : scheme == "https" ? 443 : 0
        }
        let target = rest[authority.endIndex...].prefix { $0 != "#" }
        pathAndQuery = target.hasPrefix("/") ? String(target) : "/" + target
    }

    /// The host and the port (nil when the authority names none) of `host[:port]` or `[v6][:port]`; nil when the
    /// authority holds user information, an empty host, or a bad port.
    static func split(authority: Substring) -> (host: String, port: UInt16?)? {
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        let host: Substring
        let portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let afterHost = authority[authority.index(after: close)...]
            guard afterHost.isEmpty || afterHost.hasPrefix(":") else { return nil }
            portText = afterHost.isEmpty ? nil : afterHost.dropFirst()
        } else {
            host = authority.prefix { $0 != ":" }
            portText = host.endIndex < authority.endIndex ? authority[authority.index(after: host.endIndex)...] : nil
        }
        guard !host.isEmpty else { return nil }
        guard let portText else { return (String(host), nil) }
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit), let port = UInt16(portText),
            port > 0
        else {
            return nil
        }
        return (String(host), port)
    }
}
