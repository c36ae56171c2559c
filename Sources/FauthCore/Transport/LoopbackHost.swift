#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCurlShim

/// The one rule for "this machine": a host is local when every address it resolves to is a loopback or unspecified
/// address (127.0.0.0/8, `::1`, `0.0.0.0`, `::`, and their IPv4-mapped forms), however it is written (`127.1`, `0`,
/// `[::ffff:127.0.0.1]`, a hosts-file name); `localhost` and names under `.localhost` are local without asking the
/// resolver (RFC 6761). A local host (an emulator) is reached over a plain socket and never through a proxy.
enum LoopbackHost {
    /// An address on this machine to connect to.
    enum Address: Hashable {
        /// An IPv4 address, in network byte order.
        case ipv4(UInt32)
        /// An IPv6 address, its 16 bytes.
        case ipv6([UInt8])

        /// `127.0.0.1`.
        static let ipv4Loopback = Address.ipv4(UInt32(0x7f00_0001).bigEndian)
        /// `::1`.
        static let ipv6Loopback = Address.ipv6(Array(repeating: 0, count: 15) + [1])
    }

    /// The addresses `host` (without IPv6 brackets) stands for when they are all on this machine, nil otherwise (or
    /// when it does not resolve). A name other than `localhost` is asked of the system resolver (hosts file, DNS)
    /// only when `resolvingNames` is true; address literals never are.
    static func addresses(of host: String, resolvingNames: Bool = true) -> [Address]? {
        (try? addresses(of: host, resolvingNames: resolvingNames, within: .infinity)) ?? nil
    }

    /// `addresses(of:)` with the resolver's answer awaited at most `seconds`: a name it has not resolved by then is
    /// a `timedOut` failure (the lookup goes on in the background and its answer is dropped), so that a stalled
    /// resolver cannot outlast `--timeout`. `resolver` is the system's unless a test gives another.
    static func addresses(
        of host: String, resolvingNames: Bool = true, within seconds: Double,
        resolver: @escaping @Sendable (String) -> [Address]? = { systemResolve($0) }
    ) throws(TransportFailure) -> [Address]? {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") {
            return [.ipv4Loopback, .ipv6Loopback]
        }
        if let literal = resolve(name, flags: AI_NUMERICHOST) {
            return literal.allSatisfy(isLocal) ? literal : nil
        }
        guard resolvingNames, !name.isEmpty, let resolved = try resolve(name, within: seconds, resolver), !resolved.isEmpty else {
            return nil
        }
        return resolved.allSatisfy(isLocal) ? resolved : nil
    }

    /// `resolver(name)`, awaited at most `seconds` (on another thread when the wait is bounded).
    private static func resolve(
        _ name: String, within seconds: Double, _ resolver: @escaping @Sendable (String) -> [Address]?
    ) throws(TransportFailure) -> [Address]? {
        guard seconds.isFinite else { return resolver(name) }
        let lookup = BackgroundLookup { resolver(name) }
        guard let answer = lookup.wait(seconds: max(seconds, 0)) else {
            throw .timedOut(code: Int(FAUTH_CURLE_OPERATION_TIMEDOUT),
                            message: "Resolving the host name \(name) did not finish within \(seconds) s")
        }
        return answer
    }

    /// Whether `address` is a loopback or unspecified address.
    static func isLocal(_ address: Address) -> Bool {
        switch address {
        case .ipv4(let value):
            let hostOrder = UInt32(bigEndian: value)
            return hostOrder >> 24 == 127 || hostOrder == 0
        case .ipv6(let bytes):
            return bytes.dropLast().allSatisfy { $0 == 0 } && (bytes.last == 1 || bytes.last == 0)
        }
    }

    /// The system resolver's addresses for a host name (hosts file, DNS), nil when it fails.
    static func systemResolve(_ name: String) -> [Address]? {
        resolve(name, flags: 0)
    }

    /// The distinct addresses `getaddrinfo` gives for `name` (IPv4-mapped IPv6 as IPv4), nil when it fails.
    private static func resolve(_ name: String, flags: Int32) -> [Address]? {
        var hints = addrinfo()
        hints.ai_flags = flags
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0 else { return nil }
        defer { freeaddrinfo(list) }
        var addresses: [Address] = []
        var entry = list
        while let current = entry?.pointee {
            entry = current.ai_next
            guard let socketAddress = current.ai_addr, let address = Self.address(socketAddress, family: current.ai_family),
                  !addresses.contains(address) else { continue }
            addresses.append(address)
        }
        return addresses
    }

    private static func address(_ socketAddress: UnsafeMutablePointer<sockaddr>, family: Int32) -> Address? {
        switch family {
        case AF_INET:
            return socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { .ipv4($0.pointee.sin_addr.s_addr) }
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
