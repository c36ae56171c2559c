#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When and how long the backend waits before repeating an idempotent call that failed for a passing reason:
/// at most `maxAttempts` attempts, exponential back-off with full jitter, `Retry-After` honoured.
package struct RetryPolicy: Sendable {
    /// The most attempts per call, the first included (1 means never retry).
    package var maxAttempts: Int
    /// The back-off ceiling before the first retry, in seconds; it doubles for each later retry.
    package var baseDelay: Double
    /// The largest back-off ceiling, in seconds.
    package var maxDelay: Double
    /// Waits the given number of seconds (injected by tests).
    package var sleep: @Sendable (Double) -> Void
    /// Returns a uniformly random number in `0...upperBound` (injected by tests).
    package var random: @Sendable (_ upperBound: Double) -> Double

    /// Makes a policy.
    package init(
        maxAttempts: Int, baseDelay: Double = 0.5, maxDelay: Double = 8,
        sleep: @escaping @Sendable (Double) -> Void = RetryPolicy.sleepOnThisThread,
        random: @escaping @Sendable (Double) -> Double = { Double.random(in: 0...$0) }
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.sleep = sleep
        self.random = random
    }

    /// Three attempts, back-off ceilings of 0.5 s then 1 s.
    package static let standard = RetryPolicy(maxAttempts: 3)
    /// A single attempt.
    package static let never = RetryPolicy(maxAttempts: 1)

    /// The wait before retry number `retry` (1 for the first): random in `0...min(maxDelay, baseDelay × 2^(retry−1))`.
    func backoff(beforeRetry retry: Int) -> Double {
        let ceiling = min(maxDelay, baseDelay * Double(1 << min(max(retry - 1, 0), 30)))
        return random(max(ceiling, 0))
    }

    /// Blocks the calling thread for `seconds` (resuming after signals until the time is up).
    @Sendable package static func sleepOnThisThread(_ seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        var remaining = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1_000_000_000))
        var left = timespec()
        while nanosleep(&remaining, &left) == -1 && errno == EINTR {
            remaining = left
        }
    }
}
