import CEventPoll
import Foundation
import Glibc
import Synchronization

/// The connections the server holds and the state the serving threads share about them, under one lock held only
/// briefly: which thread owns a connection, its phase and deadline, the request bytes held across all of them, and
/// their registration in the epoll descriptor the serving threads wait on. Events carry a connection's id, never
/// its descriptor, so an event for a connection closed meanwhile (whose descriptor number is reused) finds nothing.
final class ConnectionTable: @unchecked Sendable {
    /// The epoll descriptor the serving threads wait on; every connection is registered one-shot.
    let epoll: Int32
    private let maxBufferedBytes: Int
    private let lock = NSLock()
    private var connections: [UInt64: HTTPConnection] = [:]
    private var nextId: UInt64 = 1
    private var bufferedBytes = 0
    /// Set once, under the lock (so `release` sees it in step with its arming); read without it by `isStopping`.
    private let stopping = Atomic<Bool>(false)

    init(maxBufferedBytes: Int) {
        self.maxBufferedBytes = maxBufferedBytes
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
    }

    deinit {
        Glibc.close(epoll)
    }

    /// How many connections are held.
    var count: Int {
        lock.withLock { connections.count }
    }

    /// Adds an accepted socket, owned by the caller until `release` (or `close`) arms it.
    func insert(fd: Int32, configuration: HTTPServerConfiguration, now: Double) -> HTTPConnection {
        lock.withLock {
            let connection = HTTPConnection(id: nextId, fd: fd, configuration: configuration, now: now)
            nextId += 1
            connection.owned = true
            connections[connection.id] = connection
            return connection
        }
    }

    /// Takes ownership of the connection an event named; nil when it is gone or another thread owns it (the sweep:
    /// it arms the connection again when done).
    func take(_ id: UInt64) -> HTTPConnection? {
        lock.withLock {
            guard let connection = connections[id], !connection.owned else { return nil }
            connection.owned = true
            return connection
        }
    }

    /// Gives an owned connection back: sets its phase and deadline and arms it for its next event. While the server
    /// stops it is closed instead; returns false then.
    @discardableResult
    func release(_ connection: HTTPConnection, phase: HTTPConnection.Phase, deadline: Double) -> Bool {
        let closing = lock.withLock { () -> Bool in
            connection.phase = phase
            connection.deadline = deadline
            connection.owned = false
            if stopping.load(ordering: .relaxed) {
                detach(connection)
                return true
            }
            var event = epoll_event(events: Self.armed, data: epoll_data_t(u64: connection.id))
            // Armed under the lock: a stop or sweep that closes it cannot run between the release and the arming.
            let operation = connection.registered ? EPOLL_CTL_MOD : EPOLL_CTL_ADD
            connection.registered = true
            epoll_ctl(epoll, operation, connection.fd, &event)
            return false
        }
        if closing { Glibc.close(connection.fd) }
        return !closing
    }

    /// Closes an owned connection.
    func close(_ connection: HTTPConnection) {
        lock.withLock { detach(connection) }
        Glibc.close(connection.fd)
    }

    /// Brings the budget's count of the connection's held bytes up to date; false (counting nothing new) when the
    /// bytes its parser now holds would take the total past the budget.
    func account(_ connection: HTTPConnection) -> Bool {
        let held = connection.parser.bufferedByteCount
        // Unchanged since last counted: nothing to take the lock for (the owning thread alone changes the count
        // of a connection it owns; other threads change it only for connections nobody owns).
        if held == connection.accountedBytes { return true }
        return lock.withLock {
            guard
                held <= connection.accountedBytes
                    || bufferedBytes + held - connection.accountedBytes <= maxBufferedBytes
            else {
                return false
            }
            bufferedBytes += held - connection.accountedBytes
            connection.accountedBytes = held
            return true
        }
    }

    /// Closes the keep-alive connection idle the longest, to make room; false when every connection is at work. A
    /// connection whose request no thread has read yet is at work, not idle: shedding it would drop that request.
    func shedIdleConnection() -> Bool {
        let victim = lock.withLock { () -> HTTPConnection? in
            let idle = connections.values.filter { !$0.owned && $0.phase == .idle }.sorted { $0.deadline < $1.deadline }
            guard let oldest = idle.first(where: { !$0.hasUnreadBytes }) else { return nil }
            detach(oldest)
            return oldest
        }
        guard let victim else { return false }
        Glibc.close(victim.fd)
        return true
    }

    /// The connections whose time is up, none owned: those receiving a request are taken (the caller answers 408
    /// and releases them), the others closed.
    func takeExpired(now: Double) -> [HTTPConnection] {
        var closed: [Int32] = []
        let taken = lock.withLock { () -> [HTTPConnection] in
            var taken: [HTTPConnection] = []
            for connection in connections.values where !connection.owned && now >= connection.deadline {
                if connection.phase == .receiving {
                    connection.owned = true
                    taken.append(connection)
                } else {
                    detach(connection)
                    closed.append(connection.fd)
                }
            }
            return taken
        }
        for fd in closed { Glibc.close(fd) }
        return taken
    }

    /// From now on a released connection is closed; closes at once those no thread owns.
    func stop() {
        var closed: [Int32] = []
        lock.withLock {
            stopping.store(true, ordering: .relaxed)
            for connection in connections.values where !connection.owned {
                detach(connection)
                closed.append(connection.fd)
            }
        }
        for fd in closed { Glibc.close(fd) }
    }

    /// Whether the server is stopping.
    var isStopping: Bool {
        stopping.load(ordering: .relaxed)
    }

    /// Registers `fd` (not a connection) for every thread waiting: level-triggered, with `id` as its data.
    func watchForAll(_ fd: Int32, id: UInt64) {
        var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(u64: id))
        epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
    }

    /// Removes a connection from the table, the budget and epoll (the caller closes its descriptor).
    private func detach(_ connection: HTTPConnection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        bufferedBytes -= connection.accountedBytes
        connection.accountedBytes = 0
        if connection.registered { epoll_ctl(epoll, EPOLL_CTL_DEL, connection.fd, nil) }
    }

    private static let armed = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLONESHOT.rawValue
}
