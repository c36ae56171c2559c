#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCurlShim

/// A non-blocking TCP connection whose waits all end at one deadline (a request's total timeout; a kept connection
/// gets the next request's). Failures carry the libcurl result code libcurl gives for the same thing, so the
/// transports fail alike.
final class DeadlineSocket: ByteChannel {
    private let descriptor: Int32
    private var started: MonotonicTime
    private var deadline: MonotonicTime
    /// How many bytes have been received so far (for the timeout message).
    private var received = 0

    /// Connects to `address`:`port` before `connectDeadline` (and the total deadline); a refusal is
    /// `connectionRefused` (7), no connection in time is `timedOut` (28).
    init(connectingTo address: HostAddress, port: UInt16, started: MonotonicTime,
         connectDeadline: MonotonicTime, deadline: MonotonicTime) throws(TransportFailure) {
        let family = if case .ipv4 = address { AF_INET } else { AF_INET6 }
        descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        self.started = started
        self.deadline = deadline
        guard descriptor >= 0 else {
            throw .other(code: Int(FAUTH_CURLE_COULDNT_CONNECT), message: "socket: \(Self.describe(errno))")
        }
        let result = Self.withSocketAddress(address, port: port) { connect(descriptor, $0, $1) }
        if result != 0 {
            guard errno == EINPROGRESS || errno == EINTR else { throw refused(address, port, errno) }
            try wait(for: Int16(POLLOUT), until: min(connectDeadline, deadline))
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else {
                throw refused(address, port, error)
            }
        }
    }

    /// A connection to the first of `addresses` that accepts (a refusal moves on to the next; any other failure
    /// ends the attempt), made as `init(connectingTo:…)` makes one.
    static func firstAccepting(_ addresses: [HostAddress], port: UInt16, started: MonotonicTime,
                        connectDeadline: MonotonicTime, deadline: MonotonicTime) throws(TransportFailure) -> DeadlineSocket {
        var lastFailure: TransportFailure?
        for address in addresses {
            do {
                return try DeadlineSocket(connectingTo: address, port: port, started: started,
                                          connectDeadline: connectDeadline, deadline: deadline)
            } catch {
                guard case .connectionRefused = error else { throw error }
                lastFailure = error
            }
        }
        throw lastFailure ?? .other(code: Int(FAUTH_CURLE_COULDNT_CONNECT), message: "no address to connect to")
    }

    deinit {
        close(descriptor)
    }

    /// Starts a new request on this connection: its waits end at `deadline`.
    func renew(started: MonotonicTime, deadline: MonotonicTime) {
        self.started = started
        self.deadline = deadline
        received = 0
    }

    /// Whether the idle connection has been closed by the server (or has bytes nobody asked for): either way it
    /// cannot carry another request.
    var isClosedOrUnsolicited: Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) != 0
    }

    /// Writes all of `bytes`; a broken connection is `connectionReset` (55).
    func sendAll(_ bytes: [UInt8]) throws(TransportFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if written >= 0 {
                offset += written
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: Int16(POLLOUT), until: deadline)
            } else if errno != EINTR {
                throw .connectionReset(code: Int(FAUTH_CURLE_SEND_ERROR), message: "Send failure: \(Self.describe(errno))")
            }
        }
    }

    /// Reads what has arrived into `buffer` (waiting for something), 0 at the end of the connection; a broken
    /// connection is `connectionReset` (56).
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws(TransportFailure) -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 {
                received += count
                return count
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: Int16(POLLIN), until: deadline)
            } else if errno != EINTR {
                throw .connectionReset(code: Int(FAUTH_CURLE_RECV_ERROR), message: "Recv failure: \(Self.describe(errno))")
            }
        }
    }

    /// Waits until the socket is ready for `events`, or throws `timedOut` (28) at `limit`.
    private func wait(for events: Int16, until limit: MonotonicTime) throws(TransportFailure) {
        while true {
            let remaining = Self.milliseconds(limit.seconds(since: MonotonicTime.now()), roundingUp: true)
            guard remaining > 0 else {
                let elapsed = Self.milliseconds(MonotonicTime.now().seconds(since: started), roundingUp: false)
                throw .timedOut(code: Int(FAUTH_CURLE_OPERATION_TIMEDOUT),
                                message: "Operation timed out after \(elapsed) milliseconds with \(received) bytes received")
            }
            var request = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&request, 1, Int32(min(remaining, Int64(Int32.max))))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                throw .other(code: Int(FAUTH_CURLE_RECV_ERROR), message: "poll: \(Self.describe(errno))")
            }
        }
    }

    /// Whole milliseconds in `seconds` (negative for a time past), rounded up or down.
    private static func milliseconds(_ seconds: Double, roundingUp: Bool) -> Int64 {
        let milliseconds = seconds * 1000
        return Int64(roundingUp ? milliseconds.rounded(.up) : milliseconds.rounded(.down))
    }

    private func refused(_ address: HostAddress, _ port: UInt16, _ code: Int32) -> TransportFailure {
        let host = Self.text(of: address)
        return .connectionRefused(code: Int(FAUTH_CURLE_COULDNT_CONNECT),
                                  message: "Failed to connect to \(host) port \(port): \(Self.describe(code))")
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

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
