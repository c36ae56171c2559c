import FauthCore

/// Where a device sign-in's OAuth client and issuer come from: the flag, else the environment variable, else the
/// profile's session (`stored`: the client the last device sign-in with the provider used, kept in the session's
/// settings for its own server); the client secret from `--client-secret-file FILE|@-` or `FAUTH_CLIENT_SECRET`,
/// never from the command line, and never kept.
struct DeviceSettings {
    let invocation: Invocation
    /// The provider's client as the profile's session keeps it, nil when it keeps none.
    let stored: DeviceClientSettings?

    /// --client-id > FAUTH_CLIENT_ID > the session's; a usage error naming them when none is given.
    func clientId(providerId: String) throws -> String {
        guard let clientId = try value(CredentialOptions.clientId, variable: "FAUTH_CLIENT_ID") ?? stored?.clientId
        else {
            throw FauthError.usage(
                "\(providerId) --device needs the provider's OAuth client ID: --client-id ID or FAUTH_CLIENT_ID (the "
                    + "profile keeps the one a device sign-in used)")
        }
        return clientId
    }

    /// --issuer > FAUTH_ISSUER > the session's, nil when none is given.
    func givenIssuer() throws -> String? {
        try value(CredentialOptions.issuer, variable: "FAUTH_ISSUER") ?? stored?.issuer
    }

    /// `givenIssuer`, else on an emulator the OpenID provider it plays for `providerId`.
    func issuer(providerId: String, emulatorHost: String?) throws -> String {
        if let issuer = try givenIssuer() { return issuer }
        if let emulatorHost {
            return DeviceFlowEndpoints.emulatedIssuer(providerId: providerId, emulatorHost: emulatorHost)
        }
        throw FauthError.usage(
            "\(providerId) --device needs the provider's issuer URL: --issuer URL or FAUTH_ISSUER (the profile keeps "
                + "the one a device sign-in used)")
    }

    /// The client secret: the file --client-secret-file names (`@-` or `-`: standard input), else
    /// FAUTH_CLIENT_SECRET, else none; one trailing newline removed, bounded, UTF-8.
    func clientSecret() throws -> String? {
        let option = CredentialOptions.clientSecretFile
        if let file = invocation.arguments.value(option) {
            return try invocation.secrets.read(
                file == "@-" || file == "-" ? .standardInput : .file(file), limit: InputLimits.tokenBytes,
                source: "--\(option.name) \(file)")
        }
        return try environment("FAUTH_CLIENT_SECRET")
    }

    /// The option's value, else the variable's; an empty one is a usage error.
    private func value(_ option: OptionSpec, variable: String) throws -> String? {
        if let given = invocation.arguments.value(option) {
            guard !given.isEmpty else { throw FauthError.usage("--\(option.name) is empty") }
            return given
        }
        return try environment(variable)
    }

    /// A variable's non-empty value; one that is not UTF-8 is a usage error.
    private func environment(_ variable: String) throws -> String? {
        if invocation.context.malformedVariables.contains(variable) {
            throw FauthError.usage("\(variable) is not valid UTF-8")
        }
        return invocation.context.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }
}
