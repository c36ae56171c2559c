import FauthJSON

/// The session machinery the user's operations run in: the cached token, the lock, the refresh (`TokenRefreshRule`)
/// and the dead-session rule.
extension AuthClient {
    /// A fresh ID token: the cached one while more than five minutes remain (no lock, no request), else refreshed
    /// once under the lock (a refresh another process has just made is used, not repeated).
    /// A cached token that is not a JWT (a damaged file) is never handed out: it is refreshed, and a server whose
    /// refreshed token is not one either gets `malformed-jwt` (the session file is left as it was).
    package func idToken(forceRefresh: Bool) throws -> (token: String, expiresAt: UnixTime) {
        guard let unlocked = try unlockedSession() else { throw FauthError(.notSignedIn) }
        let (cached, stamp) = (unlocked.session, unlocked.stamp)
        try cached.project.target.requireAccepts(configuration.target, sessionAt: store.path)
        let rule = TokenRefreshRule(now: now())
        let forced = forceRefresh || !Self.isJWT(cached.idToken)
        if !forced, !rule.isExpiring(cached) {
            return (cached.idToken, cached.expiresAt)
        }
        let needsRefresh = { (locked: Session, lockedStamp: SessionFileStamp) in
            !Self.isJWT(locked.idToken)
                || rule.needsRefresh(locked: locked, lockedStamp: lockedStamp, unlockedStamp: stamp, forced: forced)
        }
        return try withSession(unlocked: unlocked, needsRefresh: needsRefresh) { session in
            (session.idToken, session.expiresAt)
        }
    }

    /// The session read from `store` without the lock, with its stamp (nil when there is none): the command's own
    /// read when the client was given it (`startingSession`), else read now.
    func unlockedSession() throws -> StampedSession? {
        try startingSession ?? store.loadStamped()
    }

    /// Whether `token` reads as a JWT (three parts, JSON header and payload).
    private static func isJWT(_ token: String) -> Bool {
        JWTPayload.decode(token) != nil
    }

    /// Runs `body` on the locked session after refreshing its token when `needsRefresh` says so (by default, when
    /// `TokenRefreshRule` finds it expiring), then writes it if it changed.
    /// `body` sends the session's ID token unless `usesSessionToken` is false. With `serverChange`, `body` changes
    /// the account on the server: it runs with room for the write set aside (`withReservedSpace`), and a write that
    /// fails after it is `server-changed` (`body` reports its own steps after the change the same way).
    /// When the server rejects that token
    /// (`INVALID_ID_TOKEN`, `TOKEN_EXPIRED`) though fauth believed it fresh (a clock behind, a corrupted token), the
    /// session is refreshed once and `body` run again; only a refresh the server refuses, or its saying the user is
    /// gone or disabled, ends the session: the file is removed (as the SDK signs the user out). A session of another
    /// backend than the configuration's is refused before any request (`session-backend-mismatch`).
    /// The session is read once without the lock (`unlocked`, by default `unlockedSession()`), and under the lock
    /// parsed again only when the file changed in between (`SessionFile.readStamped(unchangedSince:)`).
    func withSession<T>(
        usesSessionToken: Bool = true, serverChange: ServerChange? = nil, unlocked: StampedSession? = nil,
        needsRefresh: ((Session, SessionFileStamp) -> Bool)? = nil, _ body: (inout Session) throws -> T
    ) throws -> T {
        // Without a session (or with another backend's) there is nothing to lock: fail before creating the lock file.
        guard let unlocked = try unlocked ?? unlockedSession() else { throw FauthError(.notSignedIn) }
        try unlocked.session.project.target.requireAccepts(configuration.target, sessionAt: store.path)
        return try store.withLock { file in
            guard let locked = try file.readStamped(unchangedSince: unlocked) else { throw FauthError(.notSignedIn) }
            let (stored, stamp) = (locked.session, locked.stamp)
            try stored.project.target.requireAccepts(configuration.target, sessionAt: store.path)
            var session = stored
            var refreshed = false
            if needsRefresh?(session, stamp) ?? TokenRefreshRule(now: now()).isExpiring(session) {
                try refresh(&session, in: file)
                refreshed = true
            }
            while true {
                let current = session
                do {
                    let result =
                        try serverChange == nil
                        ? body(&session) : file.withReservedSpace { try body(&session) }
                    if session != current { try afterServerChange(serverChange) { try file.write(session) } }
                    return result
                } catch let error as FauthError where usesSessionToken && Self.isRejectedToken(error) && !refreshed {
                    session = current
                    try refresh(&session, in: file)
                    refreshed = true
                } catch let error as FauthError where usesSessionToken && Self.isGoneUser(error) {
                    throw try clear(file, after: error)
                }
            }
        }
    }

    /// Whether the server rejected the ID token sent (`INVALID_ID_TOKEN`, `TOKEN_EXPIRED`): worth one refresh.
    static func isRejectedToken(_ error: FauthError) -> Bool {
        [.invalidUserToken, .userTokenExpired].contains(error.code) && error.server != nil
    }

    /// Whether the server says the session's user is gone or disabled.
    static func isGoneUser(_ error: FauthError) -> Bool {
        [.userNotFound, .userDisabled].contains(error.code) && error.server != nil
    }

    /// Whether the server's answer means the session is dead: its user gone or disabled, or its refresh token
    /// refused (a revoked or expired session).
    static func isDeadSession(_ error: FauthError) -> Bool {
        isGoneUser(error) || isRejectedToken(error)
    }

    /// Exchanges the refresh token for a new ID token (Secure Token API), keeping the user record, and writes the
    /// session; a refresh the server refuses (the session is dead) removes the file. An answer that is not a JWT of
    /// the session's user is refused (`checkTokens`) and the file left as it was.
    private func refresh(_ session: inout Session, in file: SessionFile) throws {
        let answer = try refreshAnswer(session, in: file)
        let tokens = answer.tokens
        try checkTokens(tokens, belongTo: answer.userId ?? session.user.uid)
        try checkTokens(tokens, belongTo: session.user.uid)
        session = session.replacingTokens(tokens, user: session.user, now: now())
        try file.write(session)
    }

    /// The Secure Token API's answer to `session`'s refresh token; a refresh the server refuses removes the file.
    private func refreshAnswer(_ session: Session, in file: SessionFile) throws -> RefreshTokenResponse {
        do {
            return try backend.call(RefreshTokenEndpoint(refreshToken: session.refreshToken))
        } catch  where Self.isDeadSession(error) {
            throw try clear(file, after: error)
        }
    }

    /// Removes the session file after the server said the session is dead, and says so in the error.
    private func clear(_ file: SessionFile, after error: FauthError) throws -> FauthError {
        try file.remove()
        var cleared = error
        cleared.message += " The local session was removed: sign in again."
        return cleared
    }
}
