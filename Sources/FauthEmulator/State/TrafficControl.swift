import FauthJSON
import Foundation

/// What an injected fault does to a request instead of the real answer.
enum FaultAction: Sendable {
    /// Answer with this response.
    case respond(HTTPResponse)
    /// Wait, then answer for real.
    case delay(milliseconds: Int)
    /// Close the connection without a reply.
    case dropConnection
}

/// Per-route request counters and injected faults (fauth extensions), exact under concurrency.
/// Routes are named by the last path segment (`accounts:lookup`, `token`); faults for `*` match every route.
final class TrafficControl: @unchecked Sendable {
    private struct Fault {
        let route: String
        var remaining: Int
        let action: FaultAction
    }

    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var faults: [Fault] = []

    /// Counts one request to `route` and takes one use of the first fault that matches it, if any.
    func admit(route: String) -> FaultAction? {
        lock.lock()
        defer { lock.unlock() }
        counts[route, default: 0] += 1
        guard let index = faults.firstIndex(where: { $0.route == route || $0.route == "*" }) else { return nil }
        faults[index].remaining -= 1
        let action = faults[index].action
        if faults[index].remaining == 0 { faults.remove(at: index) }
        return action
    }

    /// The counters as `{"requests": {route: count}}`, routes sorted by name.
    func statistics() -> JSONObject {
        lock.lock()
        defer { lock.unlock() }
        var requests = JSONObject()
        for route in counts.keys.sorted() { requests[route] = .number(Double(counts[route]!)) }
        return ["requests": .object(requests)]
    }

    /// Resets every counter to zero.
    func resetStatistics() {
        lock.lock()
        defer { lock.unlock() }
        counts = [:]
    }

    /// Queues a fault for the next `times` requests to `route`.
    func addFault(route: String, times: Int, action: FaultAction) {
        lock.lock()
        defer { lock.unlock() }
        faults.append(Fault(route: route, remaining: times, action: action))
    }

    /// Clears every queued fault.
    func clearFaults() {
        lock.lock()
        defer { lock.unlock() }
        faults = []
    }
}
