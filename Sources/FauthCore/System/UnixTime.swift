#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment on the wall clock, as seconds since 1970-01-01 00:00:00 UTC: what the session file, the tokens and the
/// server's answers hold. The client's own type for it, so that the core needs no Foundation.
package struct UnixTime: ClockReading, Hashable {
    /// Seconds since 1970-01-01 00:00:00 UTC (fractions allowed; negative before 1970).
    package var seconds: Double

    /// The moment `seconds` after 1970-01-01 00:00:00 UTC.
    package init(seconds: Double) {
        self.seconds = seconds
    }

    /// The system's wall clock now (`CLOCK_REALTIME`).
    package static func now() -> UnixTime {
        reading(CLOCK_REALTIME)
    }
}
