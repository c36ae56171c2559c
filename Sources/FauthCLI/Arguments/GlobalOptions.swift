import FauthCore

/// The options every command accepts, before or after the command word.
enum GlobalOptions {
    static let json = OptionSpec("json", help: "Print one JSON document on stdout (errors as a JSON object on stderr).")
    static let profile = OptionSpec(
        "profile", value: "NAME", completion: .profile,
        help: "Use the session of profile NAME (env FAUTH_PROFILE; default 'default').",
        details: "NAME is made of A-Z, a-z, 0-9, '.', '_' and '-', at most 64 characters.")
    static let session = OptionSpec(
        "session", value: "FILE", completion: .file,
        help: "Use this session file instead of the profile's (env FAUTH_SESSION).")
    static let apiKey = OptionSpec("api-key", value: "KEY", help: "Firebase Web API key (env FAUTH_API_KEY).")
    static let config = OptionSpec(
        "config", value: "FILE", completion: .file,
        help: """
            Read the API key and project from GoogleService-Info.plist, google-services.json or a web config JSON (env \
            FAUTH_CONFIG).
            """)
    static let emulator = OptionSpec(
        "emulator", value: "HOST:PORT", completion: .hostPort,
        help: "Talk to an Auth emulator (env FIREBASE_AUTH_EMULATOR_HOST).", details: "Any API key works there.")
    static let endpoint = OptionSpec(
        "endpoint", value: "URL",
        help: """
            Send production calls to this base URL instead of Google's hosts, e.g. a regional or gateway endpoint (env \
            FAUTH_ENDPOINT).
            """,
        details: """
            It replaces https://identitytoolkit.googleapis.com and https://securetoken.googleapis.com; it may also be \
            a TLS front before fauth-emulator. One URL serves both services, since their paths \
            never collide (/v1/token is Secure Token's; /v1/accounts:…, /v1/projects/… and /v2/… are Identity \
            Toolkit's): a call goes to URL/v1/accounts:signUp?key=… or URL/v1/token?key=…. URL is \
            https://HOST[:PORT][/PATH], or http:// to this machine only. It names a backend, as --emulator does: the \
            two on one level (two flags, or both variables) are a usage error, and a flag wins over the other's \
            variable. The session remembers it.
            """)
    static let caFile = OptionSpec(
        "ca-file", value: "FILE", completion: .file,
        help: """
            Trust the CA certificates in this PEM file instead of the system's (env CURL_CA_BUNDLE, SSL_CERT_FILE; \
            SSL_CERT_DIR for a folder).
            """,
        details: """
            For https:// servers (man fauth: TLS, CERTIFICATES AND PROXIES). A pipe serves too (--ca-file <(...), a \
            FIFO, or CURL_CA_BUNDLE or SSL_CERT_FILE naming one): it is read whole before any request, once, at \
            most 8 MiB and within the timeout; a pipe that carries more or does not end in time (a FIFO nobody \
            writes to) is a usage error (exit 2).
            """)
    static let tenant = OptionSpec("tenant", value: "ID", help: "Identity Platform tenant ID (env FAUTH_TENANT).")
    static let timeout = OptionSpec(
        "timeout", value: "SECONDS",
        help: """
            Total time allowed for each server call (env FAUTH_TIMEOUT; default 30), and for --browser's wait (default \
            300).
            """,
        details: """
            fauth's own retries and their waits count within it: the calls that change nothing (lookup, \
            createAuthUri, token refresh) are retried up to 3 attempts after a broken connection, a timeout, 429 or \
            502/503/504, but never past this deadline; the others are sent once. Looking up a host name to decide \
            whether a proxy applies counts within the same deadline: a resolver that does not answer in time is a \
            timeout (network-error), not a wait.
            """)
    static let storage = OptionSpec(
        "storage", value: "auto|keyring|file",
        help: "Where the session's tokens are kept (env FAUTH_STORAGE; default auto).",
        details: """
            keyring: the freedesktop Secret Service (GNOME Keyring, KDE Wallet, KeePassXC) through libsecret, in its \
            default collection; the session file keeps only what is not secret, and a pending second factor's \
            secrets go there too. A Secret Service that is missing, locked or does not answer within --timeout (all \
            of a command's keyring calls together) is keychain-error (exit 12) before any request, never a \
            fallback; on a terminal (stdin and stderr, no --no-input) a locked one is unlocked through the Secret \
            Service's own prompt, within --timeout. file: in the session file (0600). auto: the keyring when a Secret Service answers within 2 s, \
            the file otherwise (no session bus: CI, SSH, containers); a session already in the keyring stays there. \
            It decides where a session is written; a session is read from wherever its file says, and the next write \
            moves it (status shows where it is).
            """)
    static let noInput = OptionSpec(
        "no-input", help: "Never prompt; fail with a usage error when a secret is needed and not given.",
        details: "Nor is a locked keyring unlocked through the Secret Service's prompt: it is keychain-error (exit 12)."
    )
    static let quiet = OptionSpec("quiet", short: "q", help: "Print nothing on success except requested data.")
    static let verbose = OptionSpec(
        "verbose", short: "v", help: "Trace requests on stderr (method, URL with the key redacted, status, time).",
        details: "Never a body or a token.")
    static let help = OptionSpec("help", short: "h", help: "Show help for fauth or for the command.")
    static let version = OptionSpec(
        "version",
        help: "Print the version; with --verbose, also the libcurl and TLS library it loads; with --json, all of "
            + "it and the commit and date of the build, as one JSON object.",
        details: """
            With --verbose, a second line names the libcurl every request goes through and its TLS library, as \
            loaded at run time (HTTP: libcurl/7.88.1 OpenSSL/3.0.19).
            """)

    /// How options are written, for every command: the paragraph before the global options in the reference.
    static let syntax = """
        Accepted before or after the command. --name=value and --name value are the same, except that an option \
        never takes a word starting with - as its value: --email --json is a usage error naming --email; write \
        --email=-odd@example.com for such a value. -- ends the options (positional arguments after it may start \
        with -). Every argument must be valid UTF-8.
        """

    /// Where a setting comes from: the paragraph after the global options in the reference.
    static let precedence = """
        Precedence: flag, then environment, then config file, then the settings stored in the session when it was \
        made. The stored settings fill in only for the session's own server (Google's, its endpoint or its \
        emulator): a command aimed at another one, such as a signin or providers --email, takes neither the old \
        session's API key nor its tenant.
        """

    /// All of them, in the order help lists them.
    static let all = [
        json, profile, session, apiKey, config, emulator, endpoint, caFile, tenant, timeout, storage, noInput, quiet,
        verbose, help, version,
    ]
}

extension ParsedArguments {
    /// `--timeout`, checked, if given.
    func timeoutOption() throws -> Double? {
        try value(GlobalOptions.timeout).map {
            try ConfigurationResolver.timeout(parsing: $0, source: .input(.timeout))
        }
    }

    /// The run's timeout in seconds: --timeout > FAUTH_TIMEOUT (in `environment`) > the default; `SecretReader`
    /// reads files within it.
    func runTimeout(environment: [String: String]) throws -> Double {
        try ConfigurationResolver.timeout(flag: timeoutOption(), environment: environment)
    }
}
