import Foundation

/// The lock around the emulator's state. A request holds it only while it reads or changes the state: a handler that
/// waits on something outside (a blocking function's answer) lets go of it for the wait, as Firebase's emulator
/// serves other requests while one awaits a function, so one slow request never stalls the others.
final class StateLock: @unchecked Sendable {
    private let lock = NSLock()

    /// Runs `body` holding the lock.
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Runs `body` with the lock released, from inside `withLock`, and takes the lock again after: the state may
    /// have changed meanwhile, so the caller must not rely on what it read before (values it copied stay its own).
    func releasing<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.unlock()
        defer { lock.lock() }
        return try body()
    }
}
