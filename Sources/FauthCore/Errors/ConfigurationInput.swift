/// One of the values the caller gives the core in `ConfigurationInputs` or as the session file: a failure about one
/// names it by this, and the front end says it in its own terms (the fauth command line names its option).
package enum ConfigurationInput: String, Sendable, CaseIterable {
    /// `ConfigurationInputs.apiKey`.
    case apiKey
    /// `ConfigurationInputs.emulatorHost`.
    case emulatorHost
    /// `ConfigurationInputs.endpoint`.
    case endpoint
    /// `ConfigurationInputs.caFile`.
    case caFile
    /// `ConfigurationInputs.tenantId`.
    case tenantId
    /// `ConfigurationInputs.configFile`.
    case configFile
    /// `ConfigurationInputs.timeout`.
    case timeout
    /// The session file given to `SessionLocation` (`sessionOption`).
    case sessionFile
}

/// Where a configuration value came from: one of the caller's inputs or an environment variable.
package enum InputSource: Sendable, Equatable {
    /// A value the caller gave.
    case input(ConfigurationInput)
    /// The environment variable of that name.
    case variable(String)

    /// A `usage` error: the value from this source cannot be used, for `reason` (`'x' is not HOST:PORT`); it names the
    /// variable, or the input by its `ConfigurationInputs` name and as an `InputProblem` for the front end to word.
    package func invalid(_ reason: String) -> FauthError {
        switch self {
        case .input(let input): FauthError(.invalid(input, reason: reason))
        case .variable(let name): FauthError(.usage, message: "\(name): \(reason).")
        }
    }
}
