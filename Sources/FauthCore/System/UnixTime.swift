#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment on the wall clock, as seconds since 1970-01-01 00:00:00 UTC: what the session file, the tokens and the
/// server's answers hold. The client's own type for it, so that the core needs no Foundation.
public struct UnixTime: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01 00:00:00 UTC (fractions allowed; negative before 1970).
    public var seconds: Double

    /// The moment `seconds` after 1970-01-01 00:00:00 UTC.
    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// The system's wall clock now (`CLOCK_REALTIME`).
    public static func now() -> UnixTime {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return UnixTime(seconds: Double(clock.tv_sec) + Double(clock.tv_nsec) / 1_000_000_000)
    }

    /// The moment `seconds` later (earlier when negative).
    public func adding(seconds: Double) -> UnixTime {
        UnixTime(seconds: self.seconds + seconds)
    }

    /// The seconds from `other` to this moment (negative when this one is earlier).
    public func seconds(since other: UnixTime) -> Double {
        seconds - other.seconds
    }

    public static func < (left: UnixTime, right: UnixTime) -> Bool {
        left.seconds < right.seconds
    }
}
