import CEventPoll
import FauthHTTPCodec
import Foundation
import Glibc

/// The server's threads. A fixed set of serving threads, about two per core at a time (`ServingTurns`), wait together
/// on one epoll descriptor where every connection is registered one-shot: the thread woken for a connection reads it,
/// runs the handler and writes the answer itself, then arms the connection again (no hand-off between threads, so one
/// wake-up per request). One more thread accepts, refuses past the connection cap, times connections out and lends
/// the turn of a thread whose handler waits. An idle or slow connection costs a file descriptor and a few bytes,
/// never a thread.
final class ServerLoop: @unchecked Sendable {
    private let configuration: HTTPServerConfiguration
    private let listener: Int32
    private let table: ConnectionTable
    private let server: ConnectionServer
    /// How many serving threads poll and serve at once.
    private let turns: ServingTurns
    /// Readable (never read) once the server stops: wakes every thread.
    private let wake: Int32
    /// The connection cap in force (the configured one, lowered to fit the file-descriptor limit).
    let maxConnections: Int

    // The accepting thread only.
    private var lastSweep = 0.0
    /// A spare descriptor, given up to accept (and answer) a connection when the process is out of descriptors.
    private var reserve: Int32 = -1

    private let lifecycle = NSCondition()
    private var runningThreads = 0

    /// Descriptors kept beside the connections (listener, epoll, eventfd, reserve, standard streams, files).
    private static let spareDescriptors = 64
    /// The epoll data that names the wake-up descriptor (connection ids count up from 1).
    private static let wakeId = UInt64.max

    init(
        listener: Int32, configuration: HTTPServerConfiguration,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        self.listener = listener
        self.configuration = configuration
        let limit = FileDescriptorLimit.raise(to: configuration.maxConnections + 2 * Self.spareDescriptors)
        maxConnections = max(1, min(configuration.maxConnections, limit - 2 * Self.spareDescriptors))
        table = ConnectionTable(maxBufferedBytes: configuration.maxBufferedBytes)
        server = ConnectionServer(table: table, configuration: configuration, handler: handler)
        turns = ServingTurns(threads: max(1, configuration.workerThreads))
        wake = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
        table.watchForAll(wake, id: Self.wakeId)
    }

    /// Starts the accepting thread and the serving threads.
    func start() {
        let serving = max(1, configuration.workerThreads)
        lifecycle.withLock { runningThreads = serving + 1 }
        spawn("fauth-emulator accept") { [self] in acceptLoop() }
        for index in 0..<serving {
            spawn("fauth-emulator serve \(index)") { [self] in serveLoop(seat: turns.seats[index]) }
        }
    }

    /// Closes every connection (those being answered once their answer is written) and returns when every thread
    /// has ended.
    func stop() {
        table.stop()
        turns.stop()
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
        lifecycle.lock()
        while runningThreads > 0 { lifecycle.wait() }
        lifecycle.unlock()
        close(wake)
        if reserve >= 0 { close(reserve) }
    }

    private func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            body()
            lifecycle.withLock {
                runningThreads -= 1
                lifecycle.broadcast()
            }
        }
        thread.name = name
        thread.start()
    }

    // MARK: Serving threads

    /// Serves connections while the thread holds a turn (`ServingTurns`).
    private func serveLoop(seat: ServingTurns.Seat) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ConnectionServer.readSize, alignment: 16)
        defer { buffer.deallocate() }
        var event = epoll_event()
        var hasTurn = false
        while true {
            if !hasTurn {
                guard turns.take() else { return }
                hasTurn = true
            }
            let count = epoll_wait(table.epoll, &event, 1, -1)
            guard count == 1 else {
                if count < 0, errno != EINTR { return }
                continue
            }
            let id = event.data.u64
            if id == Self.wakeId { return }
            guard let connection = table.take(id) else { continue }
            turns.begin(seat)
            server.serve(connection, buffer: buffer)
            hasTurn = turns.end(seat)
        }
    }

    // MARK: Accepting thread

    private func acceptLoop() {
        var watched = [
            pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let count = poll(&watched, 2, 50)
            if watched[1].revents != 0 { break }
            let now = MonotonicClock.seconds()
            if count > 0, watched[0].revents != 0 { acceptAll(now: now) }
            if now - lastSweep >= 0.05 {
                lastSweep = now
                sweep(now: now)
                turns.lendStuckTurns()
            }
        }
        // A connection this thread accepted after `stop` closed the others is closed when released.
        table.stop()
    }

    /// Accepts every connection waiting, then arms them all: the cap is applied to the whole batch before any of
    /// its requests is read, so a connection whose request waits unread is never taken for an idle one.
    private func acceptAll(now: Double) {
        var accepted: [(HTTPConnection, HTTPConnection.Phase)] = []
        while true {
            let fd = acceptNonBlocking()
            if fd < 0 {
                if errno == EINTR { continue }
                if errno == EMFILE || errno == ENFILE, reserve >= 0 {
                    close(reserve)
                    let refused = acceptNonBlocking()
                    if refused >= 0 { refuse(refused, now: nil) }
                    reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
                    if refused >= 0 { continue }
                }
                break
            }
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            if table.count >= maxConnections, !table.shedIdleConnection() {
                if let connection = refuse(fd, now: now) { accepted.append((connection, .draining)) }
                continue
            }
            accepted.append((table.insert(fd: fd, configuration: configuration, now: now), .idle))
        }
        for (connection, phase) in accepted {
            table.release(connection, phase: phase, deadline: phase == .draining ? now + 1 : connection.deadline)
        }
    }

    /// Answers 503 on a connection the server has no room for. It is then drained for a moment (within the spare
    /// descriptors), so that the client's request, arriving after the answer, does not reset the connection before
    /// the client has read it: that connection is returned, for the caller to arm. `now` is nil when there is no
    /// descriptor to spare.
    @discardableResult
    private func refuse(_ fd: Int32, now: Double?) -> HTTPConnection? {
        let body =
            #"{"error":{"code":503,"message":"fauth-emulator is at its connection limit","status":"UNAVAILABLE"}}"#
        guard let now, table.count < maxConnections + Self.spareDescriptors / 2 else {
            HTTPConnection(id: 0, fd: fd, configuration: configuration, now: 0).sendErrorAndHalfClose(
                status: 503, body: Array(body.utf8))
            close(fd)
            return nil
        }
        let connection = table.insert(fd: fd, configuration: configuration, now: now)
        connection.sendErrorAndHalfClose(status: 503, body: Array(body.utf8))
        return connection
    }

    /// Closes the connections whose time is up: 408 for a request still arriving, silence for an idle one.
    private func sweep(now: Double) {
        for connection in table.takeExpired(now: now) {
            connection.sendErrorAndHalfClose(status: 408)
            table.release(connection, phase: .draining, deadline: now + 1)
        }
    }

    /// accept4(2): the new socket non-blocking and close-on-exec at once, so a process that another thread forks
    /// cannot inherit it (and keep the connection open after the server closes it).
    private func acceptNonBlocking() -> Int32 {
        accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
    }
}

/// The process's limit on open files, which bounds how many connections the server can hold.
enum FileDescriptorLimit {
    /// Raises the soft limit towards `wanted` (never above the hard limit) and returns the soft limit now in force.
    static func raise(to wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return 1024 }
        let target = rlim_t(max(0, wanted))
        if limit.rlim_cur < target {
            var raised = rlimit(rlim_cur: min(target, limit.rlim_max), rlim_max: limit.rlim_max)
            if setrlimit(openFilesResource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    private static var openFilesResource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
