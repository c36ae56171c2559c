import FauthEmulator
import FauthHTTPCodec
import FauthTestSupport
import Foundation

/// A real HTTP server on 127.0.0.1 (a free port) whose answers a test scripts, and which records what it received.
final class LoopbackServer: Sendable {
    private let server: HTTPServer
    private let log: Recorder<HTTPRequest>

    /// Starts a server that answers every request with `handler`'s response and closes a connection idle for
    /// `idleTimeout` seconds.
    init(idleTimeout: Double? = nil, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        let log = Recorder<HTTPRequest>()
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        if let idleTimeout { configuration.idleTimeoutSeconds = idleTimeout }
        server = try HTTPServer(configuration: configuration) { request in
            log.append(request)
            return handler(request)
        }
        self.log = log
        server.start()
    }

    /// `host:port`, as an emulator host.
    var hostAndPort: String { "127.0.0.1:\(server.port)" }

    /// `http://127.0.0.1:port`.
    var baseURL: String { "http://\(hostAndPort)" }

    /// The requests received so far, in order.
    var requests: [HTTPRequest] { log.values }

    /// Stops the server (and waits for its threads).
    func stop() {
        server.stop()
    }
}

/// A one-shot gate: `wait()` blocks until `open()` (used to hold a response back until the client gave up).
final class Gate: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func wait() {
        semaphore.wait()
        semaphore.signal()
    }

    func open() {
        semaphore.signal()
    }
}

/// A port on 127.0.0.1 where nothing listens (bound by a server that is then stopped).
func closedLoopbackPort() throws -> Int {
    let server = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0)) { _ in
        HTTPResponse(status: 500)
    }
    let port = server.port
    server.stop()
    return port
}

/// UTF-8 bytes of a string.
func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}
