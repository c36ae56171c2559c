import Foundation

/// A listening TCP socket on an IPv4 address that never accepts: once its accept queue is full (`fillBacklog()`), a
/// connect to it neither completes nor fails, as with a host that drops every packet.
package final class SilentListener: @unchecked Sendable {  // `listening` only under `lock`
    /// The listening socket.
    package let descriptor: Int32
    /// The port it listens on.
    package let port: UInt16
    private let address: String
    private var listening = true
    private let lock = NSLock()

    /// Listens on `address` (IPv4) and `port` (0 for any free one) with an accept queue of `backlog`.
    package init(address: String, port: UInt16, backlog: Int32) throws {
        self.address = address
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        inet_pton(AF_INET, address, &socketAddress.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        self.port = UInt16(bigEndian: socketAddress.sin_port)
        guard descriptor >= 0, bound, listen(descriptor, backlog) == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit { close() }

    /// Stops listening; closes the socket once, so a later call (or `deinit`) never closes a number another test's
    /// socket has taken since.
    package func close() {
        lock.withLock {
            guard listening else { return }
            listening = false
            _ = Glibc.close(descriptor)
        }
    }

    /// Wakes a thread blocked accepting on the socket (its `accept` fails) without closing it; does nothing once
    /// closed, when the number may already be another test's socket.
    package func shutdown() {
        lock.withLock {
            guard listening else { return }
            _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        }
    }

    /// Connects until the accept queue is full (a connection that does not complete at once is the sign), and returns
    /// the connections made so the caller keeps them open.
    package func fillBacklog() throws -> [Int32] {
        var made: [Int32] = []
        for _ in 0..<8 {
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            inet_pton(AF_INET, address, &socketAddress.sin_addr)
            _ = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            made.append(client)
            var request = pollfd(fd: client, events: Int16(POLLOUT), revents: 0)
            if poll(&request, 1, 200) == 0 { return made }  // this one hangs: the queue is full
        }
        throw POSIXError(.EAGAIN)
    }
}
