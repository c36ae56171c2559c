import Glibc

/// Small socket helpers shared by the server's listener and connections.
enum SocketIO {
    /// How long a write may wait for a client that does not read its answer.
    static let writeTimeoutSeconds = 10.0

    /// Writes all of `bytes`, retrying short writes; false when the peer is gone (never raises SIGPIPE).
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                // A non-blocking socket whose send buffer is full: wait for room, a while at most.
                if errno == EAGAIN, waitWritable(fd, seconds: writeTimeoutSeconds) { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// Waits until `fd` can take more bytes (or hung up) or `seconds` pass; false on timeout.
    static func waitWritable(_ fd: Int32, seconds: Double) -> Bool {
        wait(fd, for: Int16(POLLOUT), seconds: seconds)
    }

    /// Waits until `fd` has bytes to read (or hung up) or `seconds` pass; false on timeout.
    static func waitReadable(_ fd: Int32, seconds: Double) -> Bool {
        wait(fd, for: Int16(POLLIN), seconds: seconds)
    }

    /// Waits until `fd` is ready for `events` (or hung up) or `seconds` pass; false on timeout.
    private static func wait(_ fd: Int32, for events: Int16, seconds: Double) -> Bool {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        let milliseconds = Int32(max(0, min(seconds * 1000, Double(Int32.max))).rounded(.up))
        while true {
            let result = poll(&entry, 1, milliseconds)
            if result < 0 && errno == EINTR { continue }
            return result > 0
        }
    }

    /// The text of an errno value.
    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
