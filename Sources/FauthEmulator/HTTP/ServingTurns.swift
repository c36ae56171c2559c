import Foundation
import Synchronization

/// How many serving threads wait on the epoll set and serve at once: about two per core, so that the others sleep
/// instead of being woken one per request to preempt each other (wrk's lookups with 16 connections on 2 cores: 1.6
/// thread switches per request with 16 threads serving, 0.3 with 4). A thread whose request has been in its handler
/// longer than `lendAfter` (a delay fault, a blocking function, a long listing) has its turn lent to a sleeping thread,
/// so that a handler that waits still holds up only its own connection; it takes a turn again once it has answered.
final class ServingTurns: @unchecked Sendable {
    /// One serving thread's state, read by the thread that lends turns.
    final class Seat: Sendable {
        /// When the thread took up its current connection (monotonic milliseconds), 0 between connections.
        fileprivate let busySince = Atomic<Int>(0)
        /// Set when the thread's turn has been lent and not yet given back.
        fileprivate let lent = Atomic<Bool>(false)
    }

    /// How long a thread keeps its turn while one connection holds it, in milliseconds.
    static let lendAfter = 50

    /// The turns there are without any lent.
    let limit: Int
    /// One per serving thread.
    let seats: [Seat]
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var held = 0
    private var lentOut = 0
    private var stopped = false

    /// Turns for `threads` serving threads: `limit`, by default two per core (at least two), at most `threads`.
    init(threads: Int, limit: Int = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)) {
        self.limit = min(threads, limit)
        seats = (0..<threads).map { _ in Seat() }
    }

    /// Waits for a free turn and takes it; false once the server stops.
    func take() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, held >= limit + lentOut { condition.wait() }
        guard !stopped else { return false }
        held += 1
        return true
    }

    /// Marks `seat`'s thread busy with a connection from now.
    func begin(_ seat: Seat) {
        seat.busySince.store(Self.milliseconds(), ordering: .relaxed)
    }

    /// Marks `seat`'s thread done with its connection; false when its turn was lent meanwhile and is now given
    /// back (the thread must take a turn again before it waits for more).
    func end(_ seat: Seat) -> Bool {
        seat.busySince.store(0, ordering: .relaxed)
        guard seat.lent.exchange(false, ordering: .acquiringAndReleasing) else { return true }
        condition.withLock {
            held -= 1
            lentOut -= 1
        }
        return false
    }

    /// Lends the turn of every thread busy with one connection for `lendAfter` or longer to a sleeping thread.
    func lendStuckTurns() {
        let now = Self.milliseconds()
        for seat in seats {
            let since = seat.busySince.load(ordering: .relaxed)
            guard since != 0, now - since >= Self.lendAfter,
                seat.lent.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
            else { continue }
            condition.withLock {
                lentOut += 1
                condition.signal()
            }
        }
    }

    /// Wakes every thread waiting for a turn; from now on `take` returns false.
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    private static func milliseconds() -> Int {
        Int(MonotonicClock.seconds() * 1000) + 1
    }
}
