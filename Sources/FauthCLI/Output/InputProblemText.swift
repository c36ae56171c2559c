import FauthCore

/// Words a core failure about the caller's inputs (`FauthError.inputProblem`) in the command line's terms: the
/// option that gave the input (`ConfigurationInput.caFile` → `--ca-file`) and the fix-advice naming options. The
/// core's message is replaced, or for a limit reached or a session of another backend, completed.
enum InputProblemText {
    /// `error` with its message in the command line's words; unchanged when it is not about an input.
    static func worded(_ error: FauthError) -> FauthError {
        guard let problem = error.inputProblem else { return error }
        var worded = error
        worded.message = message(for: problem, statement: error.message)
        return worded
    }

    /// The option that gives `input` (`--ca-file`).
    static func option(_ input: ConfigurationInput) -> String {
        switch input {
        case .apiKey: "--api-key"
        case .emulatorHost: "--emulator"
        case .endpoint: "--endpoint"
        case .caFile: "--ca-file"
        case .tenantId: "--tenant"
        case .configFile: "--config"
        case .timeout: "--timeout"
        case .sessionFile: "--session"
        }
    }

    private static func message(for problem: InputProblem, statement: String) -> String {
        switch problem {
        case .empty(let input):
            return "\(option(input)) needs a non-empty value."
        case .invalid(let input, let reason):
            return "\(option(input)): \(reason)."
        case .noAPIKey:
            return "No API key: pass \(option(.apiKey)), set FAUTH_API_KEY or pass \(option(.configFile)) FILE."
        case .twoBackends(let first, let second):
            return "\(option(first)) and \(option(second)) name two backends: give one."
        case .noSessionFolder:
            return "Cannot find the session folder: HOME is not set to an absolute path; set HOME, XDG_STATE_HOME or "
                + "FAUTH_SESSION, or pass \(option(.sessionFile)) FILE."
        case .limitReached(let input):
            return statement.completingSentence(with: " (\(option(input)), FAUTH_TIMEOUT)")
        case .sessionOfAnotherBackend:
            return statement.completingSentence(
                with:
                    ": use another --profile or \(option(.sessionFile)) for that backend, stop naming it, or sign in again"
            )
        }
    }
}
