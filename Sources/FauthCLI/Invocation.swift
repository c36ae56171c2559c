import FauthCore
import FauthJSON

/// One run of a command: its parsed arguments and context, and the profile, session store, configuration and
/// client they resolve to (flag > environment > config file > the session's stored settings).
final class Invocation {
    let arguments: ParsedArguments
    let context: CLIContext
    /// Whether output and errors are JSON.
    let json: Bool
    /// Where the command's secrets come from.
    var secrets: SecretReader
    /// The warnings of this run, printed as they come and added to the JSON result.
    let warnings: WarningLog

    init(arguments: ParsedArguments, context: CLIContext) {
        self.arguments = arguments
        self.context = context
        self.json = arguments.has("json")
        self.secrets = SecretReader(context: context, arguments: arguments, interruptMessage: ErrorRenderer.interruption(json: json))
        self.warnings = WarningLog(writeError: context.writeError)
    }

    /// The profile name: --profile > FAUTH_PROFILE > `default`.
    var profile: String {
        arguments.value("profile") ?? context.environment["FAUTH_PROFILE"] ?? SessionLocation.defaultProfile
    }

    /// What names the session file by path, `--session` or `FAUTH_SESSION` (a flag beats its variable); nil when the
    /// file is the profile's.
    var sessionFileChooser: String? {
        if arguments.has("session") { return "--session" }
        return (context.environment["FAUTH_SESSION"] ?? "").isEmpty ? nil : "FAUTH_SESSION"
    }

    /// The path of the session file this run resolved (`sessionStore()`), which every JSON result names.
    private(set) var sessionFile: String?

    /// The session store of this profile (or of --session / FAUTH_SESSION), waiting up to the run's timeout for its
    /// lock. A session path with an explicit --profile is a usage error naming both: the file belongs to no profile.
    func sessionStore() throws -> SessionStore {
        if let chooser = sessionFileChooser, let profile = arguments.value("profile") {
            throw FauthError.usage("--profile \(profile) and \(chooser) both choose the session file: give one "
                + "(a session file named by path belongs to no profile)")
        }
        let store = try SessionLocation.store(
            sessionOption: arguments.value("session"), profile: profile, environment: context.environment,
            lockTimeout: try timeout())
        sessionFile = store.path
        return store
    }

    /// The run's timeout in seconds: --timeout > FAUTH_TIMEOUT > the default.
    func timeout() throws -> Double {
        try Self.timeout(arguments: arguments, environment: context.environment)
    }

    /// The timeout `arguments` and `environment` give: --timeout > FAUTH_TIMEOUT > the default.
    static func timeout(arguments: ParsedArguments, environment: [String: String]) throws -> Double {
        let flag = try arguments.value("timeout").map {
            try ConfigurationResolver.timeout(parsing: $0, source: .input(.timeout))
        }
        return try ConfigurationResolver.timeout(flag: flag, environment: environment)
    }

    /// The profile's session as read once, without the lock, at the command's start (nil when there is none): the
    /// stored settings the configuration falls back on, the cached token `token` prints, the email `reauth`
    /// defaults to. A step that changes the session (a refresh, a sign-in) re-reads the file under the lock in
    /// `AuthClient` and may find it newer than this. A failure to read it is kept and thrown to whoever needs it.
    private(set) lazy var unlockedSession: Result<(session: Session, stamp: SessionFileStamp)?, any Error> = Result {
        try sessionStore().loadStamped()
    }

    /// `json` with `"sessionFile"`, the session file this run used, when it resolved one and `json` is an object.
    func namingSessionFile(_ json: JSONValue) -> JSONValue {
        guard let sessionFile, var object = json.object, object["sessionFile"] == nil else { return json }
        object["sessionFile"] = .string(sessionFile)
        return .object(object)
    }

    /// The client, configured from flags, environment, config file and `storedSettings` (by default the stored
    /// session's settings).
    func client(storedSettings: ProjectSettings? = nil) throws -> AuthClient {
        let store = try sessionStore()
        let stored = storedSettings ?? (try? unlockedSession.get()?.session.project)
        let flags = ConfigurationInputs(
            apiKey: arguments.value("api-key"), emulatorHost: arguments.value("emulator"),
            tenantId: arguments.value("tenant"), configFile: arguments.value("config"),
            timeout: try timeout(),
            endpoint: arguments.value("endpoint"), caFile: arguments.value("ca-file"))
        let configuration = try ConfigurationResolver.resolve(flags: flags, environment: context.environment, session: stored)
        var trace: (@Sendable (String) -> Void)?
        if arguments.has("verbose") {
            let writeError = context.writeError
            trace = { line in writeError("fauth: \(line)\n") }
        }
        let warnings = self.warnings
        return AuthClient(configuration: configuration, store: store, transport: context.transport, trace: trace,
                          warn: { warnings.add($0) }, now: context.now)
    }

    /// The email option's value, checked to be non-empty.
    func email() throws -> String? {
        guard let email = arguments.value("email") else { return nil }
        guard !email.isEmpty else { throw FauthError(.missingEmail) }
        return email
    }

    /// The credential the options describe (for signin, link and reauth), reading secrets as needed; a password that
    /// is `new` (link's) is typed twice at the prompt.
    func credential(defaultEmail: () throws -> String?, newPassword new: Bool = false) throws -> Credential {
        let given = ["email", "anonymous", "custom-token", "provider"].filter(arguments.has)
        guard given.count <= 1 else {
            throw FauthError.usage("give one credential, not both --\(given[0]) and --\(given[1])")
        }
        let kind = given.first ?? "email"
        let strays = (kind == "provider" ? [] : ["id-token", "access-token", "token-secret", "nonce"])
            + (kind == "email" ? [] : ["password-stdin", "password-file", "link"])
        if let stray = strays.first(where: arguments.has) {
            throw FauthError.usage("--\(stray) does not go with " + (given.isEmpty ? "this command" : "--\(kind)"))
        }
        switch kind {
        case "anonymous":
            return .anonymous
        case "custom-token":
            return .customToken(try secrets.token(option: "custom-token") ?? "")
        case "provider":
            let credential = IdpCredential(
                providerId: arguments.value("provider") ?? "",
                idToken: try secrets.token(option: "id-token"),
                nonce: try secrets.token(option: "nonce"),
                accessToken: try secrets.token(option: "access-token"),
                tokenSecret: try secrets.token(option: "token-secret"))
            try credential.validate()
            return .identityProvider(credential)
        default:
            guard let email = try email() ?? defaultEmail() else {
                throw FauthError.usage("\(arguments.command ?? "fauth") needs a credential: \(credentialOptions())")
            }
            if arguments.has("link") { return try emailLinkCredential(email: email) }
            let prompt = (new ? "New password" : "Password") + " for \(email)"
            let password = try secrets.password(prompt: prompt + ": ", confirmation: new ? prompt + " again: " : nil)
            return .password(email: email, password: password)
        }
    }

    /// The credential options this command takes, as a list ("--email, --anonymous, … or --refresh-token").
    private func credentialOptions() -> String {
        let taken = Set(arguments.command.flatMap(CommandCatalog.command(named:))?.spec.options.map(\.name) ?? [])
        let kinds = ["email", "anonymous", "custom-token", "provider", "refresh-token"].filter(taken.contains)
            .map { "--" + $0 }
        return kinds.count < 2 ? kinds.joined() : kinds.dropLast().joined(separator: ", ") + " or " + kinds.last!
    }
}
