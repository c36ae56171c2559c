import CCurlShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IP address to connect to.
enum HostAddress: Hashable {
    /// An IPv4 address, in network byte order.
    case ipv4(UInt32)
    /// An IPv6 address, its 16 bytes.
    case ipv6([UInt8])

    /// `127.0.0.1`.
    static let ipv4Loopback = HostAddress.ipv4(UInt32(0x7f00_0001).bigEndian)
    /// `::1`.
    static let ipv6Loopback = HostAddress.ipv6(Array(repeating: 0, count: 15) + [1])
}

/// Host names to addresses through the system resolver (hosts file, DNS), with a bounded wait.
enum HostResolver {
    /// The addresses of an IP address literal (`127.1`, `::1`), nil for a name.
    static func literal(_ host: String) -> [HostAddress]? {
        resolve(host, flags: AI_NUMERICHOST)
    }

    /// The loopback addresses for `localhost` and names under `.localhost` (RFC 6761: never asked of a resolver),
    /// nil for any other name. `name` is lower case, without a final dot.
    static func reserved(_ name: String) -> [HostAddress]? {
        name == "localhost" || name.hasSuffix(".localhost") ? [.ipv4Loopback, .ipv6Loopback] : nil
    }

    /// The addresses to connect to for `host` (without IPv6 brackets): an address literal's own, `reserved` ones, or,
    /// when `resolvingNames`, `resolver`'s (the system's unless a test gives another) awaited at most `seconds`; nil
    /// for a name not resolved or resolved to nothing.
    static func addresses(
        of host: String, resolvingNames: Bool = true, within seconds: Double,
        resolver: @escaping @Sendable (String) -> [HostAddress]? = { systemResolve($0) }
    ) throws(TransportFailure) -> [HostAddress]? {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        if let known = literal(name) ?? reserved(name) {
            return known
        }
        guard resolvingNames, !name.isEmpty, let resolved = try resolve(name, within: seconds, resolver),
            !resolved.isEmpty
        else {
            return nil
        }
        return resolved
    }

    /// `resolver(name)`, awaited at most `seconds` (on another thread when the wait is bounded).
    static func resolve(
        _ name: String, within seconds: Double, _ resolver: @escaping @Sendable (String) -> [HostAddress]?
    ) throws(TransportFailure) -> [HostAddress]? {
        guard seconds.isFinite else { return resolver(name) }
        let lookup = BackgroundLookup { resolver(name) }
        guard let answer = lookup.wait(seconds: max(seconds, 0)) else {
            throw .timedOut(
                code: Int(FAUTH_CURLE_OPERATION_TIMEDOUT),
                message: "Resolving the host name \(name) did not finish within \(seconds) s")
        }
        return answer
    }

    /// The system resolver's addresses for a host name (hosts file, DNS), nil when it fails.
    static func systemResolve(_ name: String) -> [HostAddress]? {
        resolve(name, flags: 0)
    }

    /// The distinct addresses `getaddrinfo` gives for `name` (IPv4-mapped IPv6 as IPv4), nil when it fails.
    private static func resolve(_ name: String, flags: Int32) -> [HostAddress]? {
        var hints = addrinfo()
        hints.ai_flags = flags
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0 else { return nil }
        defer { freeaddrinfo(list) }
        var addresses: [HostAddress] = []
        var entry = list
        while let current = entry?.pointee {
            entry = current.ai_next
            guard let socketAddress = current.ai_addr,
                let address = Self.address(socketAddress, family: current.ai_family),
                !addresses.contains(address)
            else { continue }
            addresses.append(address)
        }
        return addresses
    }

    private static func address(_ socketAddress: UnsafeMutablePointer<sockaddr>, family: Int32) -> HostAddress? {
        switch family {
        case AF_INET:
            return socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                .ipv4($0.pointee.sin_addr.s_addr)
            }
        case AF_INET6:
            let bytes = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
            if bytes.prefix(10).allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
                return .ipv4(bytes[12...].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
            }
            return .ipv6(bytes)
        default:
            return nil
        }
    }
}
