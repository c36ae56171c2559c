import Glibc

/// A clock for deadlines that wall-clock changes cannot move.
enum MonotonicClock {
    /// Seconds since an arbitrary fixed point.
    static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
