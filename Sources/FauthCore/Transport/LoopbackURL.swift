/// Recognises URLs whose host is this machine (`localhost`, `127.0.0.0/8`, `::1`).
enum LoopbackURL {
    /// Whether the host of `url` (`scheme://host[:port]/…`) is a loopback name or address.
    static func isLoopback(_ url: String) -> Bool {
        guard let schemeEnd = url.firstRange(of: "://") else { return false }
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host: Substring
        if authority.hasPrefix("[") {
            host = authority.dropFirst().prefix { $0 != "]" }
        } else {
            host = authority.prefix { $0 != ":" }
        }
        let name = host.lowercased()
        return name == "localhost" || name.hasSuffix(".localhost") || name == "::1" || isIPv4Loopback(name)
    }

    private static func isIPv4Loopback(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in UInt8(part) != nil }
    }
}
