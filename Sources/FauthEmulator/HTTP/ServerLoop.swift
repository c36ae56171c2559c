import Foundation
import CEventPoll
import Glibc

/// The server's event loop: one thread waits (epoll) on the listener, every connection and a wake-up eventfd; it
/// accepts, reads, parses and times connections out, and hands each complete request to the worker pool. An idle or
/// slow connection costs a file descriptor and a few bytes, never a thread.
final class ServerLoop: @unchecked Sendable {
    private let configuration: HTTPServerConfiguration
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let listener: Int32
    private let epoll: Int32
    private let wake: Int32
    private let workers: WorkerPool
    /// The connection cap in force (the configured one, lowered to fit the file-descriptor limit).
    let maxConnections: Int

    // Loop thread only.
    private var connections: [Int32: HTTPConnection] = [:]
    private var bufferedBytes = 0
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var lastSweep = 0.0
    /// A spare descriptor, given up to accept (and answer) a connection when the process is out of descriptors.
    private var reserve: Int32 = -1

    // Shared with the workers and `stop`, under `lock`.
    private let lock = NSCondition()
    private var answered: [(HTTPConnection, keepOpen: Bool)] = []
    private var stopping = false
    private var running = false

    /// Descriptors kept beside the connections (listener, epoll, eventfd, reserve, standard streams, files).
    private static let spareDescriptors = 64

    init(listener: Int32, configuration: HTTPServerConfiguration, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.listener = listener
        self.configuration = configuration
        self.handler = handler
        let limit = FileDescriptorLimit.raise(to: configuration.maxConnections + 2 * Self.spareDescriptors)
        maxConnections = max(1, min(configuration.maxConnections, limit - 2 * Self.spareDescriptors))
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wake = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        workers = WorkerPool(count: configuration.workerThreads)
        reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
        watch(listener, events: EPOLLIN.rawValue)
        watch(wake, events: EPOLLIN.rawValue)
    }

    /// Runs the loop on its own thread.
    func start() {
        lock.lock()
        running = true
        lock.unlock()
        let thread = Thread { [self] in run() }
        thread.name = "fauth-emulator event loop"
        thread.start()
    }

    /// Closes every connection (after the requests being answered), stops the workers and returns when all is done.
    func stop() {
        lock.lock()
        stopping = true
        lock.unlock()
        signalWake()
        lock.lock()
        while running { lock.wait() }
        lock.unlock()
        workers.stop()
        close(epoll)
        close(wake)
        if reserve >= 0 { close(reserve) }
    }

    private var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        var accepting = true
        while true {
            let count = epoll_wait(epoll, &events, Int32(events.count), 50)
            let now = MonotonicClock.seconds()
            for index in 0 ..< max(0, Int(count)) {
                let fd = events[index].data.fd
                if fd == listener {
                    if accepting { acceptAll(now: now) }
                } else if fd == wake {
                    var value: UInt64 = 0
                    _ = read(wake, &value, 8)
                } else if let connection = connections[fd] {
                    readable(connection, now: now)
                }
            }
            finishAnswered(now: now)
            if isStopping {
                if accepting {
                    accepting = false
                    epoll_ctl(epoll, EPOLL_CTL_DEL, listener, nil)
                }
                for connection in Array(connections.values) {
                    if connection.phase == .busy { shutdown(connection.fd, Int32(SHUT_RDWR)) } else { closeConnection(connection) }
                }
                if connections.isEmpty { break }
            } else if now - lastSweep >= 0.05 {
                lastSweep = now
                sweep(now: now)
            }
        }
        lock.lock()
        running = false
        lock.broadcast()
        lock.unlock()
    }

    private func acceptAll(now: Double) {
        while true {
            let fd = acceptNonBlocking()
            if fd < 0 {
                if errno == EINTR { continue }
                if (errno == EMFILE || errno == ENFILE), reserve >= 0 {
                    close(reserve)
                    let refused = acceptNonBlocking()
                    if refused >= 0 { refuse(refused, now: nil) }
                    reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
                    if refused >= 0 { continue }
                }
                return
            }
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            if connections.count >= maxConnections, !shedIdleConnection() {
                refuse(fd, now: now)
                continue
            }
            let connection = HTTPConnection(fd: fd, configuration: configuration, now: now)
            connections[fd] = connection
            watch(fd, events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLONESHOT.rawValue)
        }
    }

    /// Closes the keep-alive connection idle the longest, to make room; false when every connection is at work. A
    /// connection whose request the loop has not read yet is at work, not idle: shedding it would drop that request.
    private func shedIdleConnection() -> Bool {
        let idle = connections.values.filter { $0.phase == .idle }.sorted { $0.deadline < $1.deadline }
        guard let oldest = idle.first(where: { !$0.hasUnreadBytes }) else { return false }
        closeConnection(oldest)
        return true
    }

    /// Answers 503 on a connection the server has no room for. It is then drained for a moment (within the spare
    /// descriptors), so that the client's request, arriving after the answer, does not reset the connection before
    /// the client has read it; `now` is nil when there is no descriptor to spare.
    private func refuse(_ fd: Int32, now: Double?) {
        let connection = HTTPConnection(fd: fd, configuration: configuration, now: now ?? 0)
        let body = #"{"error":{"code":503,"message":"fauth-emulator is at its connection limit","status":"UNAVAILABLE"}}"#
        connection.sendErrorAndHalfClose(status: 503, body: Array(body.utf8), now: now ?? 0)
        if let now, connections.count < maxConnections + Self.spareDescriptors / 2 {
            connection.deadline = now + 1
            connections[fd] = connection
            watch(fd, events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLONESHOT.rawValue)
        } else {
            close(fd)
        }
    }

    private func readable(_ connection: HTTPConnection, now: Double) {
        let fd = connection.fd
        let count = readBuffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0, errno == EAGAIN || errno == EINTR {
            rearm(connection)
            return
        }
        if connection.phase == .draining {
            connection.drainedBytes += max(0, count)
            if count <= 0 || connection.drainedBytes > 1 << 20 { closeConnection(connection) } else { rearm(connection) }
            return
        }
        guard count > 0 else {
            closeConnection(connection)
            return
        }
        connection.parser.append(readBuffer[0 ..< count])
        if bufferedBytes + connection.parser.bufferedByteCount - connection.accountedBytes > configuration.maxBufferedBytes {
            // Over the budget for request bytes held across all connections: this request is refused, not buffered.
            connection.parser = HTTPRequestParser(maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: configuration.maxBodyBytes)
            account(connection)
            connection.sendErrorAndHalfClose(status: 503, now: now)
            rearm(connection)
            return
        }
        process(connection, now: now)
    }

    /// Hands the next complete request to a worker, or answers a malformed one, or waits for more bytes.
    private func process(_ connection: HTTPConnection, now: Double) {
        let parsed: ParsedHTTPRequest?
        do {
            parsed = try connection.parser.next()
        } catch {
            account(connection)
            connection.sendErrorAndHalfClose(status: error.status, now: now)
            rearm(connection)
            return
        }
        account(connection)
        if let parsed {
            connection.phase = .busy
            workers.submit { [self] in
                let keepOpen = connection.answer(parsed, handler: handler, keepAliveAllowed: !isStopping)
                lock.lock()
                answered.append((connection, keepOpen))
                lock.unlock()
                signalWake()
            }
            return
        }
        if connection.parser.takeContinueRequest(), !SocketIO.sendAll(connection.fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) {
            closeConnection(connection)
            return
        }
        if connection.parser.hasPartialRequest, connection.phase == .idle {
            connection.phase = .receiving
            connection.deadline = now + configuration.requestTimeoutSeconds
        }
        rearm(connection)
    }

    /// Takes back the connections whose request a worker has answered.
    private func finishAnswered(now: Double) {
        lock.lock()
        let done = answered
        answered.removeAll(keepingCapacity: true)
        lock.unlock()
        for (connection, keepOpen) in done {
            guard keepOpen, !isStopping else {
                closeConnection(connection)
                continue
            }
            connection.phase = .idle
            connection.deadline = now + configuration.idleTimeoutSeconds
            process(connection, now: now)
        }
    }

    /// Closes the connections whose time is up: 408 for a request still arriving, silence for an idle one.
    private func sweep(now: Double) {
        for connection in Array(connections.values) where connection.phase != .busy && now >= connection.deadline {
            if connection.phase == .receiving {
                connection.sendErrorAndHalfClose(status: 408, now: now)
            } else {
                closeConnection(connection)
            }
        }
    }

    /// Brings the budget's count of `connection`'s bytes up to date.
    private func account(_ connection: HTTPConnection) {
        let held = connection.parser.bufferedByteCount
        bufferedBytes += held - connection.accountedBytes
        connection.accountedBytes = held
    }

    private func closeConnection(_ connection: HTTPConnection) {
        epoll_ctl(epoll, EPOLL_CTL_DEL, connection.fd, nil)
        connections[connection.fd] = nil
        bufferedBytes -= connection.accountedBytes
        close(connection.fd)
    }

    private func watch(_ fd: Int32, events: UInt32) {
        var event = epoll_event(events: events, data: epoll_data_t(fd: fd))
        epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
    }

    private func rearm(_ connection: HTTPConnection) {
        var event = epoll_event(events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLONESHOT.rawValue,
                                data: epoll_data_t(fd: connection.fd))
        epoll_ctl(epoll, EPOLL_CTL_MOD, connection.fd, &event)
    }

    /// accept4(2): the new socket non-blocking and close-on-exec at once, so a process that another thread forks
    /// cannot inherit it (and keep the connection open after the server closes it).
    private func acceptNonBlocking() -> Int32 {
        accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
    }

    private func signalWake() {
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }
}
