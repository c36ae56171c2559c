#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCurlShim

/// Connects to whichever of a host's addresses accepts first, as curl does ("happy eyeballs", RFC 8305): the
/// addresses alternate between IPv6 and IPv4 from the resolver's first, and the next attempt starts when one fails
/// or 250 ms after the latest began, while earlier ones go on. An address that never answers (a broken IPv6 route)
/// costs 250 ms, not the whole connect timeout.
struct ConnectionRace {
    /// How long an attempt runs alone before the next one starts (RFC 8305's "connection attempt delay").
    static let attemptDelay = 0.25

    /// The addresses in the order they are tried.
    let addresses: [HostAddress]
    /// The TCP port.
    let port: UInt16

    /// A race over `addresses` (as the resolver gave them) to `port`.
    init(addresses: [HostAddress], port: UInt16) {
        self.addresses = Self.interleaved(addresses)
        self.port = port
    }

    /// The descriptor of the first connection made (non-blocking, close-on-exec); the others are closed. Every
    /// address refusing is the last refusal (`connectionRefused`, 7); no connection by `limit` is `timedOut` (28).
    func firstAccepting(started: MonotonicTime, until limit: MonotonicTime) throws(TransportFailure) -> Int32 {
        var queue = addresses[...]
        var pending: [(descriptor: Int32, address: HostAddress)] = []
        defer { for attempt in pending { close(attempt.descriptor) } }
        var lastFailure: TransportFailure?
        var nextStart = MonotonicTime.now()
        while true {
            let now = MonotonicTime.now()
            if let address = queue.first, pending.isEmpty || now >= nextStart {
                queue.removeFirst()
                switch start(address) {
                case .connected(let descriptor):
                    return descriptor
                case .pending(let descriptor):
                    pending.append((descriptor, address))
                    nextStart = now.adding(seconds: Self.attemptDelay)
                case .failed(let failure):
                    lastFailure = failure
                }
                continue
            }
            guard !pending.isEmpty else {
                throw lastFailure ?? .other(code: Int(FAUTH_CURLE_COULDNT_CONNECT), message: "no address to connect to")
            }
            guard now < limit else {
                let elapsed = Int64((now.seconds(since: started) * 1000).rounded(.down))
                throw .timedOut(code: Int(FAUTH_CURLE_OPERATION_TIMEDOUT),
                                message: "Operation timed out after \(elapsed) milliseconds with 0 bytes received")
            }
            let waitUntil = queue.isEmpty ? limit : min(limit, nextStart)
            var requests = pending.map { pollfd(fd: $0.descriptor, events: Int16(POLLOUT), revents: 0) }
            let milliseconds = max(Int32(min((waitUntil.seconds(since: now) * 1000).rounded(.up), Double(Int32.max))), 0)
            if poll(&requests, nfds_t(requests.count), milliseconds) < 0 && errno != EINTR {
                throw .other(code: Int(FAUTH_CURLE_COULDNT_CONNECT), message: "poll: \(DeadlineSocket.describe(errno))")
            }
            for index in requests.indices.reversed() where requests[index].revents != 0 {
                let attempt = pending.remove(at: index)
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                if getsockopt(attempt.descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0 {
                    return attempt.descriptor
                }
                close(attempt.descriptor)
                lastFailure = refused(attempt.address, error)
                nextStart = now  // a failed attempt lets the next one start at once
            }
        }
    }

    private enum Start {
        case connected(Int32)
        case pending(Int32)
        case failed(TransportFailure)
    }

    /// Starts a non-blocking connection to `address`.
    private func start(_ address: HostAddress) -> Start {
        let family = if case .ipv4 = address { AF_INET } else { AF_INET6 }
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else {
            return .failed(.other(code: Int(FAUTH_CURLE_COULDNT_CONNECT), message: "socket: \(DeadlineSocket.describe(errno))"))
        }
        let result = Self.withSocketAddress(address, port: port) { connect(descriptor, $0, $1) }
        if result == 0 {
            return .connected(descriptor)
        }
        let code = errno
        guard code == EINPROGRESS || code == EINTR else {
            close(descriptor)
            return .failed(refused(address, code))
        }
        return .pending(descriptor)
    }

    private func refused(_ address: HostAddress, _ code: Int32) -> TransportFailure {
        .connectionRefused(code: Int(FAUTH_CURLE_COULDNT_CONNECT),
                           message: "Failed to connect to \(Self.text(of: address)) port \(port): \(DeadlineSocket.describe(code))")
    }

    /// `addresses` with the families alternating, starting with the first address's (RFC 8305, section 4).
    static func interleaved(_ addresses: [HostAddress]) -> [HostAddress] {
        guard let first = addresses.first else { return [] }
        let isIPv4: (HostAddress) -> Bool = { if case .ipv4 = $0 { true } else { false } }
        var leading = addresses.filter { isIPv4($0) == isIPv4(first) }[...]
        var other = addresses.filter { isIPv4($0) != isIPv4(first) }[...]
        var ordered: [HostAddress] = []
        while !leading.isEmpty || !other.isEmpty {
            if let next = leading.popFirst() { ordered.append(next) }
            if let next = other.popFirst() { ordered.append(next) }
        }
        return ordered
    }

    private static func withSocketAddress(
        _ address: HostAddress, port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        switch address {
        case .ipv4(let value):
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            socketAddress.sin_addr = in_addr(s_addr: value)
            return withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .ipv6(let bytes):
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin6_addr) { $0.copyBytes(from: bytes) }
            return withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
    }

    /// The address as `inet_ntop` writes it (`127.0.0.1`, `::1`).
    private static func text(of address: HostAddress) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch address {
        case .ipv4(var value):
            _ = inet_ntop(AF_INET, &value, &buffer, socklen_t(buffer.count))
        case .ipv6(let bytes):
            _ = bytes.withUnsafeBytes { inet_ntop(AF_INET6, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
