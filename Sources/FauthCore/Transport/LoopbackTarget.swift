/// A plain `http://` URL whose host is this machine by `LoopbackHost`'s rule: where `LoopbackTransport` connects
/// and what it puts in the request line. Anything else (https, other hosts, user info) is not one.
struct LoopbackTarget: Equatable {
    /// The addresses to try, in order (`localhost` is 127.0.0.1, then ::1).
    let addresses: [HostAddress]
    /// The TCP port (80 when the URL names none).
    let port: UInt16
    /// `host[:port]` as the URL has it, for the Host header.
    let authority: String
    /// The path and query (`/` when the URL has no path), without a fragment.
    let pathAndQuery: String

    /// The target of `url`, nil when the URL is not plain HTTP to this machine.
    init?(url: String) {
        guard let parts = URLParts(url: url), parts.scheme == "http",
              let addresses = LoopbackHost.addresses(of: parts.host) else { return nil }
        self.addresses = addresses
        port = parts.port
        authority = parts.authority
        pathAndQuery = parts.pathAndQuery
    }
}
