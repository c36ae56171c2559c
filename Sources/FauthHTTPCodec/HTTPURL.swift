/// An `http://` or `https://` URL split into the parts a request needs; the one splitter for request targets in
/// absolute form and for the URLs a client calls. Parts stay as written (percent escapes are not decoded).
package struct HTTPURL: Sendable, Equatable {
    /// `http` or `https`, in small letters.
    package var scheme: String
    /// `host[:port]` as written (an IPv6 host in brackets), for the `Host` header.
    package var authority: String
    /// The path, starting with `/` (`/` when the URL has none).
    package var path: String
    /// What follows `?` up to a `#`, or an empty string.
    package var query: String

    /// Splits `text`; nil unless it starts with `http://` or `https://` (in any case) and holds no space or control
    /// character. A fragment is dropped.
    package init?(_ text: some StringProtocol) {
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else { return nil }
        let lowered = text.prefix(8).lowercased()
        let schemeLength = lowered.hasPrefix("http://") ? 7 : lowered.hasPrefix("https://") ? 8 : 0
        guard schemeLength > 0 else { return nil }
        scheme = schemeLength == 7 ? "http" : "https"
        let rest = text.dropFirst(schemeLength).prefix { $0 != "#" }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        authority = String(rest[..<authorityEnd])
        let pathAndQuery = rest[authorityEnd...]
        let mark = pathAndQuery.firstIndex(of: "?") ?? pathAndQuery.endIndex
        path = pathAndQuery[..<mark].isEmpty ? "/" : String(pathAndQuery[..<mark])
        query = mark == pathAndQuery.endIndex ? "" : String(pathAndQuery[pathAndQuery.index(after: mark)...])
    }

    /// The host without the brackets of an IPv6 literal.
    package var host: String {
        if authority.hasPrefix("[") { return String(authority.dropFirst().prefix { $0 != "]" }) }
        return String(authority.prefix { $0 != ":" })
    }

    /// The port as written, or the scheme's (80 or 443) when the authority names none.
    package var port: String {
        let afterHost =
            authority.hasPrefix("[")
            ? authority.drop { $0 != "]" }.dropFirst()
            : authority.drop { $0 != ":" }
        if afterHost.hasPrefix(":"), afterHost.count > 1 { return String(afterHost.dropFirst()) }
        return scheme == "http" ? "80" : "443"
    }

    /// The request target in origin form: the path, and `?query` when there is a query.
    package var pathAndQuery: String {
        query.isEmpty ? path : path + "?" + query
    }
}
