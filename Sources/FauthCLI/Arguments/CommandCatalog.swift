/// The whole command set: global options and every command. Parsing, help, completions and the docs tests read it.
enum CommandCatalog {
    /// Options every command accepts, before or after the command word.
    static let globalOptions: [OptionSpec] = [
        OptionSpec("json", help: "Print one JSON document on stdout (errors as a JSON object on stderr)."),
        OptionSpec("profile", value: "NAME", completion: .profile, help: "Use the session of profile NAME (env FAUTH_PROFILE; default 'default')."),
        OptionSpec("session", value: "FILE", completion: .file, help: "Use this session file instead of the profile's (env FAUTH_SESSION)."),
        OptionSpec("api-key", value: "KEY", help: "Firebase Web API key (env FAUTH_API_KEY)."),
        OptionSpec("config", value: "FILE", completion: .file, help: "Read the API key and project from GoogleService-Info.plist, google-services.json or a web config JSON (env FAUTH_CONFIG)."),
        OptionSpec("emulator", value: "HOST:PORT", completion: .hostPort, help: "Talk to an Auth emulator (env FIREBASE_AUTH_EMULATOR_HOST)."),
        OptionSpec("endpoint", value: "URL", help: "Send production calls to this base URL instead of Google's hosts, e.g. a regional or gateway endpoint (env FAUTH_ENDPOINT)."),
        OptionSpec("ca-file", value: "FILE", completion: .file, help: "Trust the CA certificates in this PEM file instead of the system's (env CURL_CA_BUNDLE, SSL_CERT_FILE; SSL_CERT_DIR for a folder)."),
        OptionSpec("tenant", value: "ID", help: "Identity Platform tenant ID (env FAUTH_TENANT)."),
        OptionSpec("timeout", value: "SECONDS", help: "Total time allowed for each server call (env FAUTH_TIMEOUT; default 30), and for --browser's wait (default 300)."),
        OptionSpec("no-input", help: "Never prompt; fail with a usage error when a secret is needed and not given."),
        OptionSpec("quiet", short: "q", help: "Print nothing on success except requested data."),
        OptionSpec("verbose", short: "v", help: "Trace requests on stderr (method, URL with the key redacted, status, time)."),
        OptionSpec("help", short: "h", help: "Show help for fauth or for the command."),
        OptionSpec("version", help: "Print the version; with --verbose, also the libcurl and TLS library it loads."),
    ]

    /// Every command, in the order help lists them.
    static let commands: [any Command] = [
        SignUpCommand(), SignInCommand(), LinkCommand(), UnlinkCommand(), ReauthCommand(), ProvidersCommand(),
        SignOutCommand(), TokenCommand(), StatusCommand(), UpdateCommand(), VerifyEmailCommand(), ResetPasswordCommand(), DeleteCommand(), MFACommand(), CompletionCommand(), HelpCommand(),
    ]

    /// The command with this name, if there is one.
    static func command(named name: String) -> (any Command)? {
        commands.first { $0.spec.name == name }
    }

    /// The global option with this long name, if there is one.
    static func globalOption(named name: String) -> OptionSpec? {
        globalOptions.first { $0.name == name }
    }

    /// The global option with this short letter, if there is one.
    static func globalOption(short: Character) -> OptionSpec? {
        globalOptions.first { $0.short == short }
    }
}
