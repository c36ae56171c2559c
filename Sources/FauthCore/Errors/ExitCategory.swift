/// What a failure means for the script that ran fauth (docs/design/errors.md, "Exit status"): each category is one exit
/// status and one action, so that a code's `exitStatus`, `action` and `isRetryable` come from one place and agree.
package enum ExitCategory: Int32, Sendable, CaseIterable {
    /// Inspect the code; report it.
    case failed = 1
    /// Fix the command line; nothing was sent.
    case usage = 2
    /// A confirmation was declined or the prompt got end of input.
    case cancelled = 3
    /// Run `fauth signin`.
    case signInRequired = 4
    /// Run `fauth reauth`, then retry.
    case recentSignInRequired = 5
    /// Ask for other credentials.
    case credentialsRejected = 6
    /// Resolve a conflict with another account or link.
    case conflict = 7
    /// Fix the value.
    case inputRejected = 8
    /// Complete the second factor.
    case secondFactorRequired = 9
    /// Temporary: the same command may succeed later; retry with back-off.
    case temporary = 10
    /// Fix the API key, project, tenant or console settings.
    case configuration = 11
    /// Fix the session file.
    case sessionFile = 12
    /// Hung up (SIGHUP: the terminal went away): stop. 128 + 1.
    case hangup = 129
    /// Interrupted (SIGINT): stop.
    case interrupted = 130
    /// Quit (SIGQUIT, Ctrl-\): stop. 128 + 3.
    case quit = 131
    /// Terminated (SIGTERM): stop. 128 + 15, as a shell reports a process SIGTERM ended.
    case terminated = 143

    /// The process exit status.
    package var exitStatus: Int32 { rawValue }

    /// What to do next (`cancelled` → fix-command, e.g. pass `--yes`).
    package var action: ErrorAction {
        switch self {
        case .failed: .report
        case .usage, .cancelled: .fixCommand
        case .signInRequired: .signin
        case .recentSignInRequired: .reauth
        case .credentialsRejected: .fixCredentials
        case .conflict: .resolveConflict
        case .inputRejected: .fixInput
        case .secondFactorRequired: .completeSecondFactor
        case .temporary: .retry
        case .configuration: .fixConfig
        case .sessionFile: .fixSessionFile
        case .hangup, .interrupted, .quit, .terminated: .stop
        }
    }

    /// Whether the same command may simply be run again (later, with back-off): the temporary failures only.
    package var isRetryable: Bool { self == .temporary }
}
