#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `http://` URL whose host is this machine, as an address literal (`127.x.y.z`, `[::1]`) or `localhost`: where
/// `LoopbackTransport` connects and what it puts in the request line. Anything else (https, other hosts, user info)
/// is not one.
struct LoopbackTarget: Equatable {
    /// A loopback address to connect to.
    enum Address: Equatable {
        /// An IPv4 address in 127.0.0.0/8, in network byte order.
        case ipv4(UInt32)
        /// `::1`.
        case ipv6Loopback
    }

    /// The addresses to try, in order (`localhost` is 127.0.0.1, then ::1).
    let addresses: [Address]
    /// The TCP port (80 when the URL names none).
    let port: UInt16
    /// `host[:port]` as the URL has it, for the Host header.
    let authority: String
    /// The path and query (`/` when the URL has no path), without a fragment.
    let pathAndQuery: String

    /// The target of `url`, nil when the URL is not plain HTTP to this machine.
    init?(url: String) {
        guard url.utf8.count > 7, url.prefix(7).lowercased() == "http://" else { return nil }
        let rest = url.dropFirst(7)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
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
        guard let addresses = Self.addresses(of: String(host)) else { return nil }
        if let portText {
            guard !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }), let port = UInt16(portText), port > 0 else {
                return nil
            }
            self.port = port
        } else {
            self.port = 80
        }
        self.addresses = addresses
        self.authority = String(authority)
        let target = rest[authority.endIndex...].prefix { $0 != "#" }
        pathAndQuery = target.hasPrefix("/") ? String(target) : "/" + target
    }

    /// The loopback addresses a host names, nil when it is not a loopback address literal or `localhost`.
    private static func addresses(of host: String) -> [Address]? {
        if host.lowercased() == "localhost" {
            return [.ipv4(UInt32(0x7f00_0001).bigEndian), .ipv6Loopback]
        }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 {
            return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127 ? [.ipv4(ipv4.s_addr)] : nil
        }
        var ipv6 = in6_addr()
        if inet_pton(AF_INET6, host, &ipv6) == 1 {
            let isLoopback = withUnsafeBytes(of: &ipv6) { $0.dropLast().allSatisfy { $0 == 0 } && $0.last == 1 }
            return isLoopback ? [.ipv6Loopback] : nil
        }
        return nil
    }
}
