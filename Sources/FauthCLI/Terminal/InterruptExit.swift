#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `interrupted` (SIGINT) and `terminated` (SIGTERM) errors, rendered before any signal can arrive (read by the
/// signal handler).
nonisolated(unsafe) private var interruptedExitMessage: UnsafeMutableBufferPointer<UInt8>?
nonisolated(unsafe) private var terminatedExitMessage: UnsafeMutableBufferPointer<UInt8>?

/// Writes the signal's pre-rendered error to stderr and exits 128+signal, the status that error's `exitCode` says:
/// async-signal-safe calls only.
func reportInterruptAndExit(_ signal: Int32) {
    if let message = signal == SIGTERM ? terminatedExitMessage : interruptedExitMessage, let base = message.baseAddress {
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

/// Ctrl-C (SIGINT) or SIGTERM at any moment of the process (a network call, a wait for the session lock) ends it
/// through the error contract: the `interrupted` error and exit 130 for Ctrl-C, the `terminated` error and exit 143
/// for SIGTERM, as the password prompt does. The prompt and the browser wait put their own handlers in place while they run and restore this one
/// after. A session file is never damaged by it: every write is a synced temporary file renamed over the old one.
enum InterruptExit {
    /// Installs the handler for SIGINT and SIGTERM, each unless it is ignored (as a shell ignores them for a
    /// background job), and unblocks them; `interrupted` and `terminated` are written to stderr for each.
    static func install(interrupted: String, terminated: String) {
        interruptedExitMessage = lasting(interrupted)
        terminatedExitMessage = lasting(terminated)
        for signalNumber in [SIGINT, SIGTERM] {
            let previous = signal(signalNumber, reportInterruptAndExit)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(signalNumber, SIG_IGN)
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
