#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals that end fauth through the error contract, as Ctrl-C does: the error is printed and the process exits
/// 128 + the signal's number, which is the code's `exitStatus` (docs/design/errors.md, "Exit status").
package enum EndingSignal {
    /// SIGHUP (the terminal went away), SIGINT (Ctrl-C), SIGQUIT (Ctrl-\) and SIGTERM.
    package static let numbers: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]

    /// The code a run ended by `signal` reports: `hangup`, `interrupted`, `quit` or `terminated`.
    package static func code(_ signal: Int32) -> ErrorCode {
        switch signal {
        case SIGHUP: .hangup
        case SIGQUIT: .quit
        case SIGTERM: .terminated
        default: .interrupted
        }
    }
}
