/// The whole command set: global options and every command. Parsing, help, completions and the docs tests read it.
public enum CommandCatalog {
    /// Options every command accepts, before or after the command word.
    public static let globalOptions: [OptionSpec] = [
        OptionSpec("json", help: "Print one JSON document on stdout (errors as a JSON object on stderr)."),
        OptionSpec("profile", value: "NAME", completion: .profile, help: "Use the session of profile NAME (env FAUTH_PROFILE; default 'default')."),
        OptionSpec("session", value: "FILE", completion: .file, help: "Use this session file instead of the profile's (env FAUTH_SESSION)."),
        OptionSpec("api-key", value: "KEY", help: "Firebase Web API key (env FAUTH_API_KEY)."),
        OptionSpec("config", value: "FILE", completion: .file, help: "Read the API key and project from GoogleService-Info.plist, google-services.json or a web config JSON (env FAUTH_CONFIG)."),
        OptionSpec("emulator", value: "HOST:PORT", completion: .hostPort, help: "Talk to an Auth emulator (env FIREBASE_AUTH_EMULATOR_HOST)."),
        OptionSpec("endpoint", value: "URL", help: "Send production calls to this base URL instead of Google's hosts, e.g. a regional or gateway endpoint (env FAUTH_ENDPOINT)."),
        OptionSpec("tenant", value: "ID", help: "Identity Platform tenant ID (env FAUTH_TENANT)."),
        OptionSpec("timeout", value: "SECONDS", help: "Total time allowed for each server call (env FAUTH_TIMEOUT; default 30)."),
        OptionSpec("no-input", help: "Never prompt; fail with a usage error when a secret is needed and not given."),
        OptionSpec("quiet", short: "q", help: "Print nothing on success except requested data."),
        OptionSpec("verbose", short: "v", help: "Trace requests on stderr (method, URL with the key redacted, status, time)."),
        OptionSpec("help", short: "h", help: "Show help for fauth or for the command."),
        OptionSpec("version", help: "Print the version."),
    ]

    static let email = OptionSpec("email", value: "EMAIL", help: "The account's email address.")
    static let passwordStdin = OptionSpec("password-stdin", help: "Read the password from standard input (one trailing newline removed).")
    static let passwordFile = OptionSpec("password-file", value: "FILE", completion: .file, help: "Read the password from FILE (one trailing newline removed).")
    static let provider = OptionSpec("provider", value: "ID", completion: .provider, help: "Identity provider: google.com, facebook.com, github.com, twitter.com, apple.com or oidc.*.")
    static let idToken = OptionSpec("id-token", value: "TOKEN", completion: .file, help: "The provider's ID token (@FILE reads a file, @- reads stdin).")
    static let accessToken = OptionSpec("access-token", value: "TOKEN", completion: .file, help: "The provider's OAuth access token (@FILE, @-).")
    static let tokenSecret = OptionSpec("token-secret", value: "SECRET", completion: .file, help: "The OAuth 1.0 token secret, for twitter.com (@FILE, @-).")
    static let nonce = OptionSpec("nonce", value: "NONCE", completion: .file, help: "The raw nonce the ID token was issued for (apple.com, oidc.*; @FILE, @-).")

    static let passwordOptions = [email, passwordStdin, passwordFile]
    static let providerOptions = [provider, idToken, accessToken, tokenSecret, nonce]

    static let passwordSources = """
        The password comes from --password-stdin, --password-file FILE, the FAUTH_PASSWORD variable, or a prompt \
        on the terminal (no echo). It is never taken from the command line. Without a terminal and without a \
        source, the command fails with a usage error instead of waiting.
        """

    /// Every command, in the order help lists them.
    public static let commands: [CommandSpec] = [
        CommandSpec(
            "signup", summary: "Create an email/password account and sign in to it.",
            usage: ["signup --email EMAIL [--password-stdin | --password-file FILE]"],
            options: passwordOptions, details: passwordSources),
        CommandSpec(
            "signin", summary: "Sign in, replacing the profile's session.",
            usage: [
                "signin --email EMAIL [--password-stdin | --password-file FILE]",
                "signin --anonymous",
                "signin --custom-token TOKEN",
                "signin --provider ID [--id-token TOKEN] [--access-token TOKEN] [--token-secret SECRET] [--nonce NONCE]",
            ],
            options: passwordOptions + [
                OptionSpec("anonymous", help: "Sign in as a new anonymous user."),
                OptionSpec("custom-token", value: "TOKEN", completion: .file, help: "Sign in with a custom token made by your server (@FILE, @-)."),
            ] + providerOptions,
            details: passwordSources + "\n\n" + """
                An identity-provider sign-in whose email belongs to an existing account fails with \
                account-exists-with-different-credential (exit 7); the error lists the account's sign-in methods, so \
                a script can sign in with one of them and then `fauth link` this provider.
                """),
        CommandSpec(
            "link", summary: "Link another credential to the signed-in user (upgrades an anonymous user).",
            usage: [
                "link --email EMAIL [--password-stdin | --password-file FILE]",
                "link --provider ID [--id-token TOKEN] [--access-token TOKEN] [--token-secret SECRET] [--nonce NONCE]",
            ],
            options: passwordOptions + providerOptions, details: passwordSources),
        CommandSpec(
            "unlink", summary: "Remove a provider from the signed-in user.",
            usage: ["unlink PROVIDER_ID"], arguments: ["PROVIDER_ID"],
            details: "PROVIDER_ID is one of the ids `fauth providers` lists (password, phone, google.com, …)."),
        CommandSpec(
            "reauth", summary: "Prove the signed-in user's identity again (needed before sensitive changes).",
            usage: [
                "reauth [--email EMAIL] [--password-stdin | --password-file FILE]",
                "reauth --provider ID [--id-token TOKEN] [--access-token TOKEN] [--token-secret SECRET] [--nonce NONCE]",
            ],
            options: passwordOptions + providerOptions,
            details: passwordSources + "\n\n" + """
                --email defaults to the session's email. Credentials of another user fail with user-mismatch (exit 6) \
                and leave the session as it was.
                """),
        CommandSpec(
            "providers", summary: "List the signed-in user's providers, or the sign-in methods of an email.",
            usage: ["providers", "providers --email EMAIL"],
            options: [OptionSpec("email", value: "EMAIL", help: "List the sign-in methods this email can use (no session needed).")]),
        CommandSpec(
            "signout", summary: "Forget the profile's session (signing out when signed out succeeds).",
            usage: ["signout [--all]"],
            options: [OptionSpec("all", help: "Forget the sessions of every profile (not with --session or FAUTH_SESSION).")],
            details: "Sign-out is local: Firebase ID and refresh tokens cannot be revoked by a client."),
        CommandSpec(
            "token", summary: "Print a fresh ID token for the signed-in user, refreshing it when needed.",
            usage: ["token [--force-refresh]"],
            options: [OptionSpec("force-refresh", help: "Refresh even if the cached token is still fresh.")],
            details: """
                The token is refreshed when less than 5 minutes of it remain. In text mode the bare token is the only \
                output, for use as: curl -H "Authorization: Bearer $(fauth token)" …
                """),
        CommandSpec(
            "status", summary: "Show who is signed in, with which providers, and when the token expires.",
            usage: ["status"],
            details: "Exits 4 when there is no session or the server no longer accepts it."),
        CommandSpec(
            "completion", summary: "Print the shell completion script for bash, zsh or fish.",
            usage: ["completion SHELL"], arguments: ["SHELL"],
            details: """
                bash: source <(fauth completion bash); zsh: fauth completion zsh > "${fpath[1]}/_fauth"; \
                fish: fauth completion fish > ~/.config/fish/completions/fauth.fish. The same scripts are in the \
                completions/ folder of the source.
                """),
        CommandSpec(
            "help", summary: "Show help for fauth or for a command.",
            usage: ["help [COMMAND]"], arguments: ["COMMAND"]),
    ]

    /// The command with this name, if there is one.
    public static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// The global option with this long name, if there is one.
    public static func globalOption(named name: String) -> OptionSpec? {
        globalOptions.first { $0.name == name }
    }

    /// The global option with this short letter, if there is one.
    public static func globalOption(short: Character) -> OptionSpec? {
        globalOptions.first { $0.short == short }
    }
}
