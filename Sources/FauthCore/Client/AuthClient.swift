import FauthJSON

/// The client operations, as the Firebase Apple SDK's `Auth` and `User` offer them, over one profile's session
/// file. Every step that changes the session holds the session lock from reading to writing; a failure leaves
/// the file as it was, unless the server says the session is dead, when it is removed.
///
/// One concern per file: signing in (`AuthClient+SignIn.swift`), the signed-in user's operations
/// (`AuthClient+User.swift`), and the session machinery they run in, the lock, the refresh and the dead-session
/// rule (`AuthClient+Session.swift`, with `TokenRefreshRule`).
package struct AuthClient: Sendable {
    /// The resolved backend target, device clients and call options.
    package let configuration: ResolvedConfiguration
    /// The profile's session file.
    package let store: SessionStore
    let backend: Backend
    let now: @Sendable () -> UnixTime
    /// Receives what a successful operation wants the user to know (`FauthWarning`).
    let warn: (@Sendable (FauthWarning) -> Void)?
    /// The session as the command read it from `store` without the lock before making the client; nil when the client
    /// reads it itself (`unlockedSession`), as it then does when there was none or the read failed, to report that.
    let startingSession: StampedSession?

    /// Makes a client; `trace` receives one line per request for `--verbose`, `warn` the warnings; `startingSession`
    /// is the caller's own lock-free read of `store`, which the client then does not repeat.
    package init(
        configuration: ResolvedConfiguration, store: SessionStore, transport: any HTTPTransport,
        trace: (@Sendable (String) -> Void)? = nil, warn: (@Sendable (FauthWarning) -> Void)? = nil,
        now: @escaping @Sendable () -> UnixTime = { UnixTime.now() },
        startingSession: StampedSession? = nil
    ) {
        self.configuration = configuration
        self.store = store
        self.startingSession = startingSession
        self.backend = Backend(
            target: configuration.target, options: configuration.options, transport: transport, trace: trace)
        self.warn = warn
        self.now = now
    }

    /// The user `idToken` belongs to, looked up afresh (`accounts:lookup`); it must be `uid`, as `lookUpAccount`.
    func lookUpUser(idToken: String, of uid: String, mismatch: ErrorCode = .internalError) throws -> UserProfile {
        UserProfile(try lookUpAccount(idToken: idToken, of: uid, mismatch: mismatch), idToken: idToken)
    }

    /// The account `idToken` belongs to, as `accounts:lookup` answers (second factors included). An answer for
    /// another user than `uid` (the token's) is refused with `mismatch` before anything is built on it.
    func lookUpAccount(idToken: String, of uid: String, mismatch: ErrorCode = .internalError) throws -> AccountInfo {
        let account = try backend.call(LookupEndpoint(idToken: idToken)).user
        guard account.localId == uid else {
            throw FauthError(
                mismatch,
                message: "The server looked up another user (\(account.localId)) than the "
                    + "ID token's (\(uid)); the session was left as it was.")
        }
        return account
    }

    /// A session for new tokens: the user looked up with them, the project settings they were made with.
    func makeSession(_ tokens: SessionTokens, replacing previous: Session?) throws -> Session {
        try makeSessionWithSecondFactors(tokens, replacing: previous).session
    }

    /// `makeSession` with the user's second factors, from the same lookup. The tokens are checked first
    /// (`checkTokens`: a JWT, of `previous`'s user when there is one), and the account looked up must be theirs.
    func makeSessionWithSecondFactors(_ tokens: SessionTokens, replacing previous: Session?) throws -> (
        session: Session, secondFactors: [MFAEnrollment]
    ) {
        let uid = try checkTokens(tokens, belongTo: previous?.user.uid)
        let account = try lookUpAccount(idToken: tokens.idToken, of: uid)
        let session = Session(
            tokens: tokens, user: UserProfile(account, idToken: tokens.idToken),
            project: configuration.project, previous: previous, now: now())
        return (session, account.mfaInfo)
    }

    /// `second-factor-required`, listing the factors of a sign-in that needs one and, when its pending step was
    /// kept, until when it can be finished.
    func secondFactorError(_ outcome: SignInOutcome, expiresAt: UnixTime? = nil) -> FauthError {
        var error = FauthError(.secondFactorRequired)
        if case .secondFactorRequired(_, let enrollments) = outcome {
            error.secondFactor = SecondFactorChallenge(factors: enrollments, expiresAt: expiresAt)
        }
        return error
    }
}
