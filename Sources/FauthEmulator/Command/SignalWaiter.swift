import Glibc

/// Signals taken synchronously: blocked in every thread, then waited for with `sigtimedwait`.
struct SignalWaiter {
    /// A signal that arrived, and whether a process sent it to us with kill() (rather than the terminal or kernel).
    struct Arrival {
        let signal: Int32
        let sentByProcess: Bool
    }

    private var set = sigset_t()

    /// Blocks these signals in the calling thread and in every thread it creates afterwards.
    init(blocking signals: [Int32]) {
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits up to `seconds` for one of the blocked signals; nil on timeout.
    func wait(seconds: Double) -> Arrival? {
        var info = siginfo_t()
        var timeout = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var mask = set
        let signal = sigtimedwait(&mask, &info, &timeout)
        guard signal > 0 else { return nil }
        // SI_USER (0), SI_QUEUE (-1) and SI_TKILL (-6) are kill()-family senders; SI_KERNEL (0x80) is the terminal.
        return Arrival(signal: signal, sentByProcess: info.si_code <= 0)
    }

    /// Waits as long as it takes for one of the blocked signals.
    func wait() -> Arrival {
        while true {
            if let arrival = wait(seconds: 3600) { return arrival }
        }
    }
}
