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
        self.json = arguments.has(GlobalOptions.json)
        self.secrets = SecretReader(
            context: context, arguments: arguments, interruptMessage: ErrorRenderer.interruption(json: json))
        self.warnings = WarningLog(writeError: context.writeError)
    }

    /// The profile name: --profile > FAUTH_PROFILE > `default`.
    var profile: String {
        arguments.value(GlobalOptions.profile) ?? context.environment["FAUTH_PROFILE"] ?? SessionLocation.defaultProfile
    }

    /// What names the session file by path, `--session` or `FAUTH_SESSION` (a flag beats its variable); nil when the
    /// file is the profile's.
    var sessionFileChooser: String? {
        if arguments.has(GlobalOptions.session) { return "--session" }
        return (context.environment["FAUTH_SESSION"] ?? "").isEmpty ? nil : "FAUTH_SESSION"
    }

    /// The path of the session file this run resolved (`sessionStore()`), which every JSON result names.
    private(set) var sessionFile: String?

    /// The session store of this profile (or of --session / FAUTH_SESSION), waiting up to the run's timeout for its
    /// lock. A session path with an explicit --profile is a usage error naming both: the file belongs to no profile.
    func sessionStore() throws -> SessionStore {
        if let chooser = sessionFileChooser, let profile = arguments.value(GlobalOptions.profile) {
            throw FauthError.usage(
                "--profile \(profile) and \(chooser) both choose the session file: give one "
                    + "(a session file named by path belongs to no profile)")
        }
        let timeout = try runTimeout()
        let store = try SessionLocation.store(
            sessionOption: arguments.value(GlobalOptions.session), profile: profile, environment: context.environment,
            lockTimeout: timeout, storage: try secretStorage(timeout: timeout))
        sessionFile = store.path
        return store
    }

    /// Where this run writes secrets: --storage > FAUTH_STORAGE (unless empty) > auto, resolved once
    /// (`SecretStorage.target`); another value is a usage error naming where it came from.
    func secretStorage(timeout: Double) throws -> SecretStorage {
        if let storage { return storage }
        let (text, source) =
            arguments.value(GlobalOptions.storage).map { ($0, "--storage") }
            ?? ((context.environment["FAUTH_STORAGE"] ?? "").isEmpty
                ? ("auto", "") : (context.environment["FAUTH_STORAGE"]!, "FAUTH_STORAGE"))
        guard let choice = SecretStorageChoice(rawValue: text) else {
            throw FauthError.usage("\(source) '\(text)' is not a storage: use auto, keyring or file")
        }
        let made = SecretStorage(choice: choice, keyring: Keyring(timeout: timeout, unlockPrompt: unlockPrompt))
        storage = made
        return made
    }

    private var storage: SecretStorage?

    /// What the keyring calls before it asks the Secret Service to unlock a locked collection through its prompt:
    /// only when a person runs the command on a terminal (standard input and standard error both terminals, no
    /// --no-input); nil otherwise, and a locked collection is then reported.
    private var unlockPrompt: (@Sendable (Double) -> Void)? {
        guard context.inputAndErrorAreTerminals, !arguments.has(GlobalOptions.noInput) else { return nil }
        let writeError = context.writeError
        return { seconds in
            writeError(
                "fauth: the keyring is locked: unlock it in the prompt of your Secret Service (the desktop's unlock "
                    + "dialog); waiting up to \(Int(seconds.rounded(.up))) s (Ctrl-C stops)…\n")
        }
    }

    /// The OAuth client this run's device sign-in uses (`DeviceSignIn`), which the session it writes keeps.
    var deviceClient: (providerId: String, settings: DeviceClientSettings)?

    /// The run's timeout in seconds: --timeout > FAUTH_TIMEOUT > the default.
    func runTimeout() throws -> Double {
        try arguments.runTimeout(environment: context.environment)
    }

    /// The profile's session as read once, without the lock, at the command's start (nil when there is none): the
    /// stored settings the configuration falls back on, the cached token `token` prints, the email `reauth`
    /// defaults to; the client is given it (`client()`). A step that changes the session (a refresh, a sign-in)
    /// checks the file again under the lock in `AuthClient` and may find it newer than this. A failure to read it is
    /// kept and thrown to whoever needs it.
    func unlockedSession() throws -> StampedSession? {
        switch unlockedRead {
        case .read(let session): return session
        case .failed(let error): throw error
        case .unread:
            do {
                let session = try sessionStore().loadStamped()
                unlockedRead = .read(session)
                return session
            } catch {
                unlockedRead = .failed(error)
                throw error
            }
        }
    }

    /// What `unlockedSession` found, once it has looked: an enum of its own rather than a `Result` of an optional,
    /// whose generic types the runtime would make from their mangled names at the first copy.
    private var unlockedRead = UnlockedRead.unread

    private enum UnlockedRead {
        case unread
        case read(StampedSession?)
        case failed(any Error)
    }

    /// `json` with `"sessionFile"`, the session file this run used, when it resolved one and `json` is an object.
    func namingSessionFile(_ json: JSONValue) -> JSONValue {
        guard let sessionFile, var object = json.object, object["sessionFile"] == nil else { return json }
        object["sessionFile"] = .string(sessionFile)
        return .object(object)
    }

    /// The client, configured from flags, environment, config file and `storedSettings` (by default the stored
    /// session's settings, from `unlockedSession`, which the client is then given so as not to read the file again).
    func client(storedSettings: ProjectSettings? = nil) throws -> AuthClient {
        let store = try sessionStore()
        let starting = storedSettings == nil ? try? unlockedSession() : nil
        let stored = storedSettings ?? starting?.session.project
        let flags = ConfigurationInputs(
            apiKey: arguments.value(GlobalOptions.apiKey), emulatorHost: arguments.value(GlobalOptions.emulator),
            tenantId: arguments.value(GlobalOptions.tenant), configFile: arguments.value(GlobalOptions.config),
            timeout: try timeout(), endpoint: arguments.value(GlobalOptions.endpoint),
            caFile: arguments.value(GlobalOptions.caFile))
        var configuration = try ConfigurationResolver.resolve(
            flags: flags, environment: context.environment, session: stored)
        if let (providerId, settings) = deviceClient { configuration.project.deviceClients[providerId] = settings }
        var trace: (@Sendable (String) -> Void)?
        if arguments.has(GlobalOptions.verbose) {
            let writeError = context.writeError
            trace = { line in writeError("fauth: \(line)\n") }
        }
        let warnings = self.warnings
        return AuthClient(
            configuration: configuration, store: store, transport: context.transport, trace: trace,
            warn: { warnings.add($0) }, now: context.now, startingSession: starting
        )
    }

    /// `--timeout`, checked, if given.
    func timeout() throws -> Double? {
        try arguments.timeoutOption()
    }

    /// The email option's value, checked to be non-empty.
    func email() throws -> String? {
        guard let email = arguments.value(CredentialOptions.email) else { return nil }
        guard !email.isEmpty else { throw FauthError(.missingEmail) }
        return email
    }

    /// The email option's value, checked to be non-empty; `usage` when it is not given.
    func requiredEmail() throws -> String {
        guard let email = try email() else { throw FauthError.usage("--email is required") }
        return email
    }

}
