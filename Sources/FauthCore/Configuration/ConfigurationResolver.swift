/// Combines flags, environment, config file and the session's stored settings: flag > environment > config file >
/// session (docs/design/cli.md), where the session's settings fill in only for the session's own server
/// (docs/design/session.md: flags, environment and config file choose the backend; a session's key and tenant never go
/// to another). Environment variables: `FAUTH_API_KEY`, `FIREBASE_AUTH_EMULATOR_HOST`, `FAUTH_ENDPOINT`,
/// `FAUTH_TENANT`, `FAUTH_CONFIG` (a config file path), `FAUTH_TIMEOUT` (seconds) and the CA variables
/// `CertificateAuthorities` reads; an empty variable counts as unset.
package enum ConfigurationResolver {
    /// The resolved configuration; bad values, an unreadable config file, or no API key without an emulator → `usage`.
    package static func resolve(
        flags: ConfigurationInputs, environment: [String: String], session: ProjectSettings?
    ) throws -> ResolvedConfiguration {
        let timeout = try timeout(flag: flags.timeout, environment: environment)
        let configPath = try choose(flags.configFile, .configFile, environment, "FAUTH_CONFIG")
        let configFile = try configPath.map { try FirebaseConfigFile.read(path: $0, within: timeout) }

        let server = try server(flags: flags, environment: environment) ?? session?.target.server ?? .google
        let session = session.flatMap { $0.target.server.isSame(as: server) ? $0 : nil }

        let apiKey =
            try choose(flags.apiKey, .apiKey, environment, "FAUTH_API_KEY")
            ?? configFile?.apiKey ?? session?.target.apiKey
        guard apiKey != nil || server.emulatorHost != nil else {
            throw FauthError(.noAPIKey)
        }
        let tenantId =
            try choose(flags.tenantId, .tenantId, environment, "FAUTH_TENANT")
            ?? session?.target.tenantId
        let target = BackendTarget(
            server: server, projectId: configFile?.projectId ?? session?.target.projectId, apiKey: apiKey,
            tenantId: tenantId)
        return ResolvedConfiguration(
            project: ProjectSettings(target: target, deviceClients: session?.deviceClients ?? [:]),
            options: CallOptions(
                timeout: timeout,
                trust: try CertificateAuthorities.resolve(
                    caFileFlag: flags.caFile, environment: environment, timeout: timeout)))
    }

    /// The emulator or the production endpoint override, from the first level that names one (flags, then
    /// environment); nil when neither does (the session's server is then used). One level naming both is a usage error.
    private static func server(
        flags: ConfigurationInputs, environment: [String: String]
    ) throws -> BackendTarget.Server? {
        let emulatorFlag = try choose(flags.emulatorHost, .emulatorHost, [:], "")
        let endpointFlag = try choose(flags.endpoint, .endpoint, [:], "")
        let emulatorVariable = environment["FIREBASE_AUTH_EMULATOR_HOST"].flatMap { $0.isEmpty ? nil : $0 }
        let endpointVariable = environment["FAUTH_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 }
        let flagSources = (emulator: InputSource.input(.emulatorHost), endpoint: InputSource.input(.endpoint))
        if let server = try server(emulator: emulatorFlag, endpoint: endpointFlag, sources: flagSources) {
            return server
        }
        let variableSources = (
            emulator: InputSource.variable("FIREBASE_AUTH_EMULATOR_HOST"),
            endpoint: InputSource.variable("FAUTH_ENDPOINT")
        )
        return try server(emulator: emulatorVariable, endpoint: endpointVariable, sources: variableSources)
    }

    /// The server one level (the flags, or the environment) names, validated and reported by `sources`; nil when it
    /// names neither, a usage error when it names both. (Two calls, not a loop over an array of the levels: that
    /// array's element type, a labelled tuple, was instantiated from its mangled name at every start, 0.05 M
    /// instructions.)
    private static func server(
        emulator: String?, endpoint: String?, sources: (emulator: InputSource, endpoint: InputSource)
    ) throws -> BackendTarget.Server? {
        switch (emulator, endpoint) {
        case (nil, nil):
            return nil
        case (let emulator?, nil):
            return .emulator(try EmulatorHost.validated(emulator, source: sources.emulator))
        case (nil, let endpoint?):
            return .endpoint(try ProductionEndpoint.validated(endpoint, source: sources.endpoint))
        default:
            if case .variable(let emulator) = sources.emulator, case .variable(let endpoint) = sources.endpoint {
                throw FauthError(.usage, message: "\(emulator) and \(endpoint) name two backends: give one.")
            }
            throw FauthError(.twoBackends(.emulatorHost, .endpoint))
        }
    }

    /// The input's value, else the environment variable's; an empty input value is a usage error.
    private static func choose(
        _ flag: String?, _ input: ConfigurationInput, _ environment: [String: String], _ variable: String
    ) throws -> String? {
        if let flag {
            guard !flag.isEmpty else {
                throw FauthError(.empty(input))
            }
            return flag
        }
        if let value = environment[variable], !value.isEmpty {
            return value
        }
        return nil
    }

    /// The timeout input > `FAUTH_TIMEOUT` > the default; it must be a finite number of seconds above 0.
    package static func timeout(flag: Double?, environment: [String: String]) throws -> Double {
        if let flag {
            return try validatedTimeout(flag, source: .input(.timeout), text: nil)
        }
        if let text = environment["FAUTH_TIMEOUT"], !text.isEmpty {
            return try timeout(parsing: text, source: .variable("FAUTH_TIMEOUT"))
        }
        return CallOptions.defaultTimeout
    }

    /// A timeout written as text (the timeout input, `FAUTH_TIMEOUT`): decimal digits and `.`, a finite number
    /// above 0; anything else → `usage`, naming `source`.
    package static func timeout(parsing text: String, source: InputSource) throws -> Double {
        guard let seconds = Double(text), text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else {
            throw source.invalid("'\(text)' is not a number of seconds")
        }
        return try validatedTimeout(seconds, source: source, text: text)
    }

    private static func validatedTimeout(_ seconds: Double, source: InputSource, text: String?) throws -> Double {
        guard seconds.isFinite, seconds > 0 else {
            throw source.invalid("'\(text ?? "\(seconds)")' is not a number of seconds above 0")
        }
        return seconds
    }
}
