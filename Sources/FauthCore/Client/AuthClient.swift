#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The client operations, as the Firebase Apple SDK's `Auth` and `User` offer them, over one profile's session
/// file. Every step that changes the session holds the session lock from reading to writing; a failure leaves
/// the file as it was, unless the server says the session is dead, when it is removed.
public struct AuthClient: Sendable {
    /// A token with less than this much life left is refreshed before use (the Apple SDK's five minutes).
    public static let refreshMargin: Double = 300

    /// The resolved project settings.
    public let configuration: ResolvedConfiguration
    /// The profile's session file.
    public let store: SessionStore
    private let backend: Backend
    private let now: @Sendable () -> Date

    /// Makes a client; `trace` receives one line per request for `--verbose`.
    public init(configuration: ResolvedConfiguration, store: SessionStore, transport: any HTTPTransport,
                trace: (@Sendable (String) -> Void)? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.configuration = configuration
        self.store = store
        self.backend = Backend(configuration: configuration.backendConfiguration, transport: transport, trace: trace)
        self.now = now
    }

    // MARK: Signing in

    /// Creates an email/password account and makes it the profile's session.
    public func signUp(email: String, password: String) throws -> AuthResult {
        guard !email.isEmpty else { throw FauthError(.missingEmail) }
        guard !password.isEmpty else { throw FauthError(.weakPassword, reason: "Missing password") }
        try store.checkWritable()  // before the account exists: a retry must not meet email-already-in-use
        let response = try backend.call(SignUpEndpoint.emailPassword(email: email, password: password))
        return try startSession(response.outcome, isNewUser: true, providerId: "password")
    }

    /// Signs in with `credential`, replacing the profile's session.
    public func signIn(with credential: Credential) throws -> AuthResult {
        try store.checkWritable()
        let (outcome, isNewUser) = try authenticate(credential, linkingTo: nil)
        return try startSession(outcome, isNewUser: isNewUser, providerId: credential.providerId)
    }

    /// The sign-in methods an email can use (`accounts:createAuthUri`); no session needed.
    public func signInMethods(forEmail email: String) throws -> [String] {
        guard !email.isEmpty else { throw FauthError(.missingEmail) }
        return try backend.call(CreateAuthUriEndpoint(identifier: email)).signinMethods
    }

    // MARK: The signed-in user

    /// Links `credential` to the signed-in user (upgrading an anonymous user keeps its uid).
    public func link(_ credential: Credential) throws -> AuthResult {
        try Self.requireUserCredential(credential, for: "link")
        return try withSession { session in
            if session.user.providers.contains(where: { $0.providerId == credential.providerId }) {
                throw FauthError(.providerAlreadyLinked, message: "The user already has a \(credential.providerId) credential.")
            }
            if case .password(_, let password) = credential, password.isEmpty {
                throw FauthError(.weakPassword, reason: "Missing password")
            }
            let (outcome, isNewUser) = try authenticate(credential, linkingTo: session.idToken)
            guard let tokens = outcome.tokens else { throw secondFactorError(outcome) }
            session = try makeSession(tokens, replacing: session)
            return AuthResult(user: session.user, isNewUser: isNewUser, providerId: credential.providerId, expiresAt: session.expiresAt)
        }
    }

    /// Removes a provider from the signed-in user, after checking the (freshly looked-up) account has it.
    public func unlink(providerId: String) throws -> AuthResult {
        try withSession { session in
            session.user = try lookUpUser(idToken: session.idToken)
            guard session.user.providers.contains(where: { $0.providerId == providerId }) else {
                throw FauthError(.noSuchProvider, message: "The user has no \(providerId) provider.")
            }
            let response = try backend.call(UpdateAccountEndpoint(idToken: session.idToken, deleteProvider: [providerId]))
            if let tokens = response.tokens {
                session = try makeSession(tokens, replacing: session)
            } else {
                session.user = try lookUpUser(idToken: session.idToken)
            }
            return AuthResult(user: session.user, isNewUser: false, providerId: providerId, expiresAt: session.expiresAt)
        }
    }

    /// Proves the signed-in user's identity again; credentials of another user fail with `user-mismatch` and
    /// leave the session as it was.
    public func reauthenticate(with credential: Credential) throws -> AuthResult {
        try Self.requireUserCredential(credential, for: "reauth")
        return try withSession(clearingWhenDead: false) { session in
            let outcome: SignInOutcome
            do {
                outcome = try authenticate(credential, linkingTo: nil).outcome
            } catch let error as FauthError where error.code == .userNotFound {
                throw FauthError(.userMismatch, server: error.server)
            }
            guard let tokens = outcome.tokens else { throw secondFactorError(outcome) }
            let user = try lookUpUser(idToken: tokens.idToken)
            guard user.uid == session.user.uid else {
                throw FauthError(.userMismatch, message: "These credentials belong to another user; the session is unchanged.")
            }
            session = session.replacingTokens(tokens, user: user, now: now())
            return AuthResult(user: session.user, isNewUser: false, providerId: credential.providerId, expiresAt: session.expiresAt)
        }
    }

    /// The signed-in user's providers, looked up afresh (the session's copy is updated).
    public func providers() throws -> [ProviderInfo] {
        try withSession { session in
            session.user = try lookUpUser(idToken: session.idToken)
            return session.user.providers
        }
    }

    /// The session, checked with the server (a lookup), refreshed if needed; `not-signed-in` when there is none
    /// or the server no longer accepts it (the dead session is then removed).
    public func status() throws -> Session {
        do {
            return try withSession { session in
                session.user = try lookUpUser(idToken: session.idToken)
                return session
            }
        } catch let error as FauthError where Self.isDeadSession(error) {
            throw FauthError(.notSignedIn, message: error.message, server: error.server)
        }
    }

    /// A fresh ID token: the cached one while more than five minutes remain (no lock, no request), else refreshed
    /// once under the lock (a refresh another process has just made is used, not repeated).
    public func idToken(forceRefresh: Bool) throws -> (token: String, expiresAt: Date) {
        try idToken(forceRefresh: forceRefresh, cached: store.loadStamped())
    }

    /// `idToken(forceRefresh:)` with the session already read from `store` without the lock, with its file stamp
    /// (nil when there is none), for a caller that has read it anyway: the file is then parsed once.
    public func idToken(forceRefresh: Bool, cached: (session: Session, stamp: SessionFileStamp)?) throws -> (token: String, expiresAt: Date) {
        guard let (cached, stamp) = cached else { throw FauthError(.notSignedIn) }
        try BackendIdentity.requireMatch(cached, at: store.path, configuration: configuration)
        if !forceRefresh, !isExpiring(cached) {
            return (cached.idToken, cached.expiresAt)
        }
        // Under the lock, a file another process rewrote after `cached` was read holds the refresh this call
        // needed, even when its token too has less than five minutes left (a short-lived token); unless expired.
        let needsRefresh = { (locked: Session, lockedStamp: SessionFileStamp) in
            lockedStamp == stamp ? forceRefresh || isExpiring(locked) : locked.expiresAt <= now()
        }
        return try withSession(needsRefresh: needsRefresh) { session in
            (session.idToken, session.expiresAt)
        }
    }

    // MARK: Steps shared by the operations

    /// Sends the sign-in (or link, with `idToken`) call that `credential` needs.
    private func authenticate(_ credential: Credential, linkingTo idToken: String?) throws -> (outcome: SignInOutcome, isNewUser: Bool) {
        switch credential {
        case .password(let email, let password):
            guard !email.isEmpty else { throw FauthError(.missingEmail) }
            if let idToken {
                let response = try backend.call(SignUpEndpoint.link(idToken: idToken, email: email, password: password))
                return (response.outcome, false)
            }
            guard !password.isEmpty else { throw FauthError(.wrongPassword) }
            let response = try backend.call(SignInWithPasswordEndpoint(email: email, password: password))
            return (response.outcome, false)
        case .anonymous:
            let response = try backend.call(SignUpEndpoint.anonymous())
            return (response.outcome, true)
        case .customToken(let token):
            let response = try backend.call(SignInWithCustomTokenEndpoint(token: token))
            return (response.outcome, response.isNewUser)
        case .identityProvider(let provider):
            try provider.validate()
            let response = try backend.call(SignInWithIdpEndpoint(credential: provider, idToken: idToken))
            if response.needConfirmation {
                var error = FauthError(.accountExistsWithDifferentCredential)
                error.email = response.email
                if let email = response.email {
                    error.signInMethods = try? signInMethods(forEmail: email)
                }
                throw error
            }
            guard let outcome = response.outcome else {
                throw FauthError(.internalError, message: "The signInWithIdp response has no tokens and asks for no confirmation.")
            }
            return (outcome, response.isNewUser)
        }
    }

    /// Turns a sign-in outcome into the profile's new session (replacing whatever file was there).
    private func startSession(_ outcome: SignInOutcome, isNewUser: Bool, providerId: String) throws -> AuthResult {
        guard let tokens = outcome.tokens else { throw secondFactorError(outcome) }
        let session = try makeSession(tokens, replacing: nil)
        try store.withLock { file in try file.write(session) }
        return AuthResult(user: session.user, isNewUser: isNewUser, providerId: providerId, expiresAt: session.expiresAt)
    }

    /// The user `idToken` belongs to, looked up afresh (`accounts:lookup`).
    private func lookUpUser(idToken: String) throws -> UserRecord {
        UserRecord(try backend.call(LookupEndpoint(idToken: idToken)).user, idToken: idToken)
    }

    /// A session for new tokens: the user looked up with them, the project settings they were made with.
    private func makeSession(_ tokens: SessionTokens, replacing previous: Session?) throws -> Session {
        let user = try lookUpUser(idToken: tokens.idToken)
        let claims = IDTokenClaims(token: tokens.idToken)
        var project = configuration.projectSettings
        project.projectId = project.projectId ?? claims.audience ?? previous?.project.projectId
        return Session(
            project: project, user: user, idToken: tokens.idToken, refreshToken: tokens.refreshToken,
            expiresAt: now().addingTimeInterval(Double(tokens.expiresIn ?? 3600)), authTime: claims.authTime)
    }

    /// Runs `body` on the locked session after refreshing its token when `needsRefresh` says so (by default, when it
    /// is expiring), then writes it if it changed.
    /// When the server says the session is dead, the file is removed (as the SDK signs the user out); a session of
    /// another backend than the configuration's is refused before any request (`session-backend-mismatch`).
    private func withSession<T>(
        clearingWhenDead: Bool = true, needsRefresh: ((Session, SessionFileStamp) -> Bool)? = nil,
        _ body: (inout Session) throws -> T
    ) throws -> T {
        // Without a session (or with another backend's) there is nothing to lock: fail before creating the lock file.
        guard let unlocked = try store.load() else { throw FauthError(.notSignedIn) }
        try BackendIdentity.requireMatch(unlocked, at: store.path, configuration: configuration)
        return try store.withLock { file in
            guard let (stored, stamp) = try file.readStamped() else { throw FauthError(.notSignedIn) }
            try BackendIdentity.requireMatch(stored, at: store.path, configuration: configuration)
            var session = stored
            do {
                if needsRefresh?(session, stamp) ?? isExpiring(session) {
                    try refresh(&session)
                    try file.write(session)
                }
            } catch let error as FauthError where Self.isDeadSession(error) {
                throw try clear(file, after: error)
            }
            let current = session
            do {
                let result = try body(&session)
                if session != current { try file.write(session) }
                return result
            } catch let error as FauthError where clearingWhenDead && Self.isDeadSession(error) {
                throw try clear(file, after: error)
            }
        }
    }

    /// Whether the session's ID token has five minutes or less to live.
    private func isExpiring(_ session: Session) -> Bool {
        session.expiresAt.timeIntervalSince(now()) <= Self.refreshMargin
    }

    /// Exchanges the refresh token for a new ID token (Secure Token API), keeping the user record.
    private func refresh(_ session: inout Session) throws {
        let tokens = try backend.call(RefreshTokenEndpoint(refreshToken: session.refreshToken)).tokens
        session = session.replacingTokens(tokens, user: session.user, now: now())
    }

    private func clear(_ file: SessionFile, after error: FauthError) throws -> FauthError {
        try file.remove()
        var cleared = error
        cleared.message += " The local session was removed: sign in again."
        return cleared
    }

    private func secondFactorError(_ outcome: SignInOutcome) -> FauthError {
        var error = FauthError(.secondFactorRequired)
        if case .secondFactorRequired(_, let enrollments) = outcome {
            error.mfa = ["factors": .array(enrollments.map(\.jsonObject))]
        }
        return error
    }

    /// Link and reauthentication take an email and password or a provider credential: an anonymous or custom-token
    /// "credential" would sign in another user.
    private static func requireUserCredential(_ credential: Credential, for operation: String) throws {
        switch credential {
        case .password, .identityProvider: return
        case .anonymous, .customToken:
            throw FauthError(.usage, message: "\(operation) takes an email and password or a provider credential.")
        }
    }

    /// Whether the server's answer means the session's user is gone, disabled or its tokens revoked.
    static func isDeadSession(_ error: FauthError) -> Bool {
        [.userNotFound, .userDisabled, .invalidUserToken, .userTokenExpired].contains(error.code) && error.server != nil
    }
}

extension Session {
    /// The session with new tokens (from a refresh or a reauthentication) and the given user.
    func replacingTokens(_ tokens: SessionTokens, user: UserRecord, now: Date) -> Session {
        var session = self
        session.user = user
        session.idToken = tokens.idToken
        session.refreshToken = tokens.refreshToken
        session.expiresAt = now.addingTimeInterval(Double(tokens.expiresIn ?? 3600))
        session.authTime = IDTokenClaims(token: tokens.idToken).authTime ?? authTime
        return session
    }
}
