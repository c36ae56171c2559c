#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reading of one of the system's clocks, in seconds: the arithmetic the wall clock (`UnixTime`) and the
/// monotonic clock (`MonotonicTime`) share.
package protocol ClockReading: Comparable, Sendable {
    /// Seconds since the clock's origin.
    var seconds: Double { get }
    /// The reading `seconds` after the clock's origin.
    init(seconds: Double)
}

extension ClockReading {
    /// The reading `seconds` later (earlier when negative).
    package func adding(seconds: Double) -> Self {
        Self(seconds: self.seconds + seconds)
    }

    /// The seconds from `other` to this reading (negative when this one is earlier).
    package func seconds(since other: Self) -> Double {
        seconds - other.seconds
    }

    package static func < (left: Self, right: Self) -> Bool {
        left.seconds < right.seconds
    }

    /// The clock `clock`'s reading now.
    static func reading(_ clock: clockid_t) -> Self {
        var time = timespec()
        clock_gettime(clock, &time)
        return Self(seconds: Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000)
    }
}

/// A reading of the monotonic clock (`CLOCK_MONOTONIC`), for deadlines and elapsed times: it never jumps when the
/// wall clock is set. (The client's own, so that it needs neither Foundation nor the concurrency runtime's clocks.)
struct MonotonicTime: ClockReading {
    var seconds: Double

    /// The monotonic clock now.
    static func now() -> MonotonicTime {
        reading(CLOCK_MONOTONIC)
    }
}
