import FauthCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the self-pipe a caught ending signal (`EndingSignal`) writes to (read by the signal handler).
nonisolated(unsafe) private var interruptPipeWriteEnd: Int32 = -1

/// Writes one byte to the self-pipe: async-signal-safe calls only.
private func noteInterrupt(_ signal: Int32) {
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(interruptPipeWriteEnd, &byte, 1)
}

/// Ctrl-C during a long wait (the browser sign-in's): SIGINT, SIGTERM, SIGHUP and SIGQUIT become a byte on a pipe
/// that the wait polls, so it ends through the usual error path (`interrupted`, exit 130; `terminated`, 143;
/// `hangup`, 129; `quit`, 131) with every socket closed.
enum InterruptSignals {
    /// Runs `body` with the pipe's read end, restoring the signals' handling and mask afterwards.
    static func catching(_ body: (Int32?) throws -> String) throws -> String {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return try body(nil) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        interruptPipeWriteEnd = ends[1]
        let previous = EndingSignal.numbers.map { signal($0, noteInterrupt) }
        var previousMask = unblockInterrupts()
        defer {
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            for (number, handler) in zip(EndingSignal.numbers, previous) { signal(number, handler) }
            interruptPipeWriteEnd = -1
            close(ends[0])
            close(ends[1])
        }
        return try body(ends[0])
    }

    /// Unblocks the ending signals, which a parent may have left blocked (the mask survives exec), so that Ctrl-C
    /// works during a wait; returns the mask to restore after it.
    static func unblockInterrupts() -> sigset_t {
        var interrupts = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&interrupts)
        for number in EndingSignal.numbers { sigaddset(&interrupts, number) }
        pthread_sigmask(SIG_UNBLOCK, &interrupts, &previousMask)
        return previousMask
    }
}
