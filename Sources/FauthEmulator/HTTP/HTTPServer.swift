import Foundation
import Glibc

/// Why the server could not start listening.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, e.g. `cannot listen on 127.0.0.1:9099: Address already in use`.
    public let description: String
}

/// A small threaded HTTP/1.1 server over POSIX sockets: one thread accepts, one thread serves each connection.
public final class HTTPServer: @unchecked Sendable {
    /// The configuration it was made with (`port` as asked; the bound port is `port`).
    public let configuration: HTTPServerConfiguration
    /// The host it was asked to bind.
    public var host: String { configuration.host }
    /// The bound port (the one the system picked when the configuration said 0).
    public let port: Int

    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let listener: Int32
    /// Guards everything below and signals when threads finish.
    private let condition = NSCondition()
    private var connections: Set<Int32> = []
    private var acceptLoopRunning = false
    private var started = false
    private var stopping = false
    private var listenerClosed = false

    /// Binds and listens; requests are served once `start()` is called.
    public init(configuration: HTTPServerConfiguration, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        self.configuration = configuration
        self.handler = handler
        (listener, port) = try Self.listen(host: configuration.host, port: configuration.port)
    }

    deinit {
        stop()
    }

    /// Starts the accept loop on its own thread; calling it again does nothing.
    public func start() {
        condition.lock()
        defer { condition.unlock() }
        guard !started, !stopping else { return }
        started = true
        acceptLoopRunning = true
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "fauth-emulator accept"
        thread.start()
    }

    /// Closes the listener and every open connection, and returns once all of their threads have finished.
    public func stop() {
        condition.lock()
        if !stopping {
            stopping = true
            shutdown(listener, Int32(SHUT_RDWR))
            for fd in connections {
                shutdown(fd, Int32(SHUT_RDWR))
            }
        }
        while acceptLoopRunning || !connections.isEmpty {
            condition.wait()
        }
        if !listenerClosed {
            listenerClosed = true
            close(listener)
        }
        condition.unlock()
    }

    private var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !stopping
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                let code = errno
                if !isRunning { break }
                if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM { usleep(10_000) }
                continue
            }
            condition.lock()
            let admitted = !stopping && connections.count < configuration.maxConnections
            if admitted { connections.insert(fd) }
            condition.unlock()
            guard admitted else {
                close(fd)
                continue
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            let thread = Thread { [self] in serve(fd) }
            thread.name = "fauth-emulator connection"
            thread.start()
        }
        condition.lock()
        acceptLoopRunning = false
        condition.broadcast()
        condition.unlock()
    }

    private func serve(_ fd: Int32) {
        HTTPConnection(fd: fd, configuration: configuration, handler: handler, serverIsRunning: { [self] in isRunning }).run()
        condition.lock()
        connections.remove(fd)
        close(fd)
        condition.broadcast()
        condition.unlock()
    }

    /// Resolves `host`, then binds and listens on the first address that works (IPv4 before IPv6); returns the
    /// socket and the bound port.
    private static func listen(host: String, port: Int) throws -> (Int32, Int) {
        guard (0 ... 65535).contains(port) else { throw HTTPServerError(description: "invalid port \(port)") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw HTTPServerError(description: "cannot resolve host \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var candidates: [addrinfo] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry?.pointee {
            candidates.append(info)
            entry = info.ai_next
        }
        // A name such as `localhost` binds its IPv4 address first, where most clients look first.
        let ordered = candidates.filter { $0.ai_family == AF_INET } + candidates.filter { $0.ai_family != AF_INET }
        var lastError: Int32 = EADDRNOTAVAIL
        for info in ordered {
            let fd = socket(info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, info.ai_addr, info.ai_addrlen) == 0, Glibc.listen(fd, 1024) == 0 {
                return (fd, boundPort(fd))
            }
            lastError = errno
            close(fd)
        }
        throw HTTPServerError(description: "cannot listen on \(host):\(port): \(SocketIO.errorText(lastError))")
    }

    /// The port a listening socket is bound to, read back with getsockname.
    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }
}
