/// When a request's waits end, from its start: the whole exchange by `deadline` (the request's timeout), the
/// connection by `connectDeadline` (the connect timeout, never later than `deadline`). Timeouts are taken as libcurl
/// takes them: at least a millisecond, at most a day.
struct RequestDeadlines {
    /// When the request started.
    let started: MonotonicTime
    /// When the whole exchange must be over.
    let deadline: MonotonicTime
    /// When the connection must be made.
    let connectDeadline: MonotonicTime

    /// The deadlines of a request with `timeout` seconds in all and `connectTimeout` seconds to connect, from now.
    init(timeout: Double, connectTimeout: Double) {
        started = MonotonicTime.now()
        deadline = started.adding(seconds: Self.clamped(timeout))
        connectDeadline = started.adding(seconds: Self.clamped(min(timeout, connectTimeout)))
    }

    private static func clamped(_ seconds: Double) -> Double {
        seconds.isFinite ? min(max(seconds, 0.001), 86_400) : 86_400
    }
}
