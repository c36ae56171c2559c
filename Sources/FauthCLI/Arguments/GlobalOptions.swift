/// The options every command accepts, before or after the command word.
enum GlobalOptions {
    static let json = OptionSpec("json", help: "Print one JSON document on stdout (errors as a JSON object on stderr).")
    static let profile = OptionSpec(
        "profile", value: "NAME", completion: .profile,
        help: "Use the session of profile NAME (env FAUTH_PROFILE; default 'default').")
    static let session = OptionSpec(
        "session", value: "FILE", completion: .file,
        help: "Use this session file instead of the profile's (env FAUTH_SESSION).")
    static let apiKey = OptionSpec("api-key", value: "KEY", help: "Firebase Web API key (env FAUTH_API_KEY).")
    static let config = OptionSpec(
        "config", value: "FILE", completion: .file,
        help: "Read the API key and project from GoogleService-Info.plist, google-services.json or a web config JSON (env FAUTH_CONFIG).")
    static let emulator = OptionSpec(
        "emulator", value: "HOST:PORT", completion: .hostPort,
        help: "Talk to an Auth emulator (env FIREBASE_AUTH_EMULATOR_HOST).")
    static let endpoint = OptionSpec(
        "endpoint", value: "URL",
        help: "Send production calls to this base URL instead of Google's hosts, e.g. a regional or gateway endpoint (env FAUTH_ENDPOINT).")
    static let caFile = OptionSpec(
        "ca-file", value: "FILE", completion: .file,
        help: "Trust the CA certificates in this PEM file instead of the system's (env CURL_CA_BUNDLE, SSL_CERT_FILE; SSL_CERT_DIR for a folder).")
    static let tenant = OptionSpec("tenant", value: "ID", help: "Identity Platform tenant ID (env FAUTH_TENANT).")
    static let timeout = OptionSpec(
        "timeout", value: "SECONDS",
        help: "Total time allowed for each server call (env FAUTH_TIMEOUT; default 30), and for --browser's wait (default 300).")
    static let noInput = OptionSpec(
        "no-input", help: "Never prompt; fail with a usage error when a secret is needed and not given.")
    static let quiet = OptionSpec("quiet", short: "q", help: "Print nothing on success except requested data.")
    static let verbose = OptionSpec(
        "verbose", short: "v", help: "Trace requests on stderr (method, URL with the key redacted, status, time).")
    static let help = OptionSpec("help", short: "h", help: "Show help for fauth or for the command.")
    static let version = OptionSpec(
        "version", help: "Print the version; with --verbose, also the TLS library (OpenSSL, linked in or loaded).")

    /// All of them, in the order help lists them.
    static let all = [json, profile, session, apiKey, config, emulator, endpoint, caFile, tenant, timeout, noInput, quiet, verbose, help, version]
}
