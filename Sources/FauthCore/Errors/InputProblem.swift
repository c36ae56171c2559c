/// What a `usage` or other failure has to do with the caller's inputs, for a front end to word in its own terms
/// (the command line names its options); the core's `message` says the same without naming any option.
package enum InputProblem: Sendable, Equatable {
    /// The input was given empty.
    case empty(ConfigurationInput)
    /// The input's value cannot be used, for `reason` (`'x' is not a number of seconds`).
    case invalid(ConfigurationInput, reason: String)
    /// No API key came from the inputs, the environment or a config file.
    case noAPIKey
    /// The two inputs, given together, name two backends.
    case twoBackends(ConfigurationInput, ConfigurationInput)
    /// The session folder cannot be found: HOME is not an absolute path and nothing else names the session.
    case noSessionFolder
    /// A request reached the limit this input sets (the message states the limit, the front end says where it is set).
    case limitReached(ConfigurationInput)
    /// The session belongs to another backend than the inputs name: another session (profile or session file) fixes it.
    case sessionOfAnotherBackend

    /// The core's own words for it, naming inputs by their `ConfigurationInputs` names.
    var message: String? {
        switch self {
        case .empty(let input): "\(input.rawValue) needs a non-empty value."
        case .invalid(let input, let reason): "\(input.rawValue): \(reason)."
        case .noAPIKey: "No API key: give apiKey, set FAUTH_API_KEY or give configFile."
        case .twoBackends(let first, let second):
            "\(first.rawValue) and \(second.rawValue) name two backends: give one."
        case .noSessionFolder:
            "Cannot find the session folder: HOME is not set to an absolute path; set HOME, XDG_STATE_HOME or "
                + "FAUTH_SESSION, or give sessionFile."
        case .limitReached, .sessionOfAnotherBackend: nil
        }
    }
}

extension FauthError {
    /// A `usage` error about the caller's inputs, in the core's words (`InputProblem.message`).
    init(_ problem: InputProblem) {
        self.init(.usage, message: problem.message)
        inputProblem = problem
    }
}
