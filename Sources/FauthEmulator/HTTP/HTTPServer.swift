import FauthHTTPCodec
import Foundation
import Glibc

/// Why the server could not start listening.
package struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, e.g. `cannot listen on 127.0.0.1:9099: Address already in use`.
    package let description: String
}

/// A small HTTP/1.1 server over POSIX sockets: a fixed set of threads wait on one epoll descriptor holding every
/// connection, each serving the connection it is woken for, so thousands of idle or slow connections cost no threads
/// and never lock others out.
package final class HTTPServer: @unchecked Sendable {
    /// The configuration it was made with (`port` as asked; the bound port is `port`).
    package let configuration: HTTPServerConfiguration
    /// The host it was asked to bind.
    package var host: String { configuration.host }
    /// The bound port (the one the system picked when the configuration said 0).
    package let port: Int
    /// The connection cap in force: the configured one, lowered when the open-file limit cannot be raised to fit it.
    package var maxConnections: Int { loop.maxConnections }

    private let listener: Int32
    private let loop: ServerLoop
    private let lock = NSLock()
    private var started = false
    private var stopped = false

    /// Binds and listens; requests are served once `start()` is called.
    package init(configuration: HTTPServerConfiguration, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse)
        throws
    {
        self.configuration = configuration
        (listener, port) = try ListeningSocket.open(host: configuration.host, port: configuration.port)
        loop = ServerLoop(listener: listener, configuration: configuration, handler: handler)
    }

    deinit {
        stop()
    }

    /// Starts the server's threads; calling it again does nothing.
    package func start() {
        let starting = lock.withLock { () -> Bool in
            guard !started, !stopped else { return false }
            started = true
            return true
        }
        if starting { loop.start() }
    }

    /// Closes the listener and every open connection (after the answers being written), and returns once the server's
    /// threads have ended.
    package func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        loop.stop()
        close(listener)
    }
}
