import Foundation

/// A thread-safe list of values (requests received, sleeps asked for, trace lines).
package final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    /// Makes an empty recorder.
    package init() {}

    /// Adds a value.
    package func append(_ value: Value) {
        lock.withLock { stored.append(value) }
    }

    /// The values added so far, in order.
    package var values: [Value] {
        lock.withLock { stored }
    }
}
