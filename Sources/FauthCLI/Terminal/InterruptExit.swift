import FauthCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The error each ending signal prints, by signal number, rendered before any signal can arrive (read by the signal
/// handler, which must not allocate).
nonisolated(unsafe) private var exitMessages: UnsafeMutableBufferPointer<UnsafeMutableBufferPointer<UInt8>?> = {
    let messages = UnsafeMutableBufferPointer<UnsafeMutableBufferPointer<UInt8>?>.allocate(capacity: 32)
    messages.initialize(repeating: nil)
    return messages
}()

/// Writes the signal's pre-rendered error to stderr and exits 128+signal, the status that error's `exitCode` says:
/// async-signal-safe calls only.
func reportInterruptAndExit(_ signal: Int32) {
    if (0..<Int32(exitMessages.count)).contains(signal), let message = exitMessages[Int(signal)],
        let base = message.baseAddress
    {
        var written = 0
        while written < message.count {
            let count = write(2, base + written, message.count - written)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            written += count
        }
    }
    _exit(128 + signal)
}

/// Ctrl-C (SIGINT), SIGTERM, SIGHUP or SIGQUIT (Ctrl-\) at any moment of the process (a network call, a wait for the
/// session lock) ends it through the error contract (`EndingSignal`): `interrupted` and exit 130, `terminated` and
/// 143, `hangup` and 129, `quit` and 131. fauth's own handler replaces the Swift runtime's for SIGQUIT, so no crash
/// report or memory dump is printed. The prompt and the browser wait put their own handlers in place while they run
/// and restore this one after. A session file is never damaged by it: every write is a synced temporary file renamed
/// over the old one, and the lock goes with the process.
enum InterruptExit {
    /// Installs the handler for each ending signal, unless it is ignored (as a shell ignores SIGINT for a background
    /// job, or `nohup` SIGHUP), and unblocks them; `message(code)` is what is written to stderr for each.
    static func install(message: (ErrorCode) -> String) {
        for number in EndingSignal.numbers {
            exitMessages[Int(number)] = lasting(message(EndingSignal.code(number)))
            let previous = signal(number, reportInterruptAndExit)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(number, SIG_IGN)
            }
        }
        _ = InterruptSignals.unblockInterrupts()
    }

    /// `text`'s bytes in a buffer that lives as long as the process.
    private static func lasting(_ text: String) -> UnsafeMutableBufferPointer<UInt8> {
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }
}
