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

    /// A connection to whichever of `addresses` accepts first (`ConnectionRace`), before `connectDeadline` (and the
    /// total deadline); every address refusing is `connectionRefused` (7), no connection in time is `timedOut` (28).
    static func firstAccepting(_ addresses: [HostAddress], port: UInt16,
                               within deadlines: RequestDeadlines) throws(TransportFailure) -> DeadlineSocket {
        let descriptor = try ConnectionRace(addresses: addresses, port: port)
            .firstAccepting(started: deadlines.started, until: deadlines.connectDeadline)
        return DeadlineSocket(descriptor: descriptor, started: deadlines.started, deadline: deadlines.deadline)
    }

    /// Takes over `descriptor`, a connected non-blocking socket.
    private init(descriptor: Int32, started: MonotonicTime, deadline: MonotonicTime) {
        self.descriptor = descriptor
        self.started = started
        self.deadline = deadline
    }

    deinit {
        close(descriptor)
    }

    /// Starts a new request on this connection: its waits end at its deadline.
    func renew(for deadlines: RequestDeadlines) {
        started = deadlines.started
        deadline = deadlines.deadline
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

    /// The system's words for an `errno` value.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
