#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The session machinery the user's operations run in: the cached token, the lock, the refresh (`TokenRefreshRule`)
/// and the dead-session rule.
extension AuthClient {
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
        let rule = TokenRefreshRule(now: now())
        if !forceRefresh, !rule.isExpiring(cached) {
            return (cached.idToken, cached.expiresAt)
        }
        let needsRefresh = { (locked: Session, lockedStamp: SessionFileStamp) in
            rule.needsRefresh(locked: locked, lockedStamp: lockedStamp, unlockedStamp: stamp, forced: forceRefresh)
        }
        return try withSession(needsRefresh: needsRefresh) { session in
            (session.idToken, session.expiresAt)
        }
    }

    /// Runs `body` on the locked session after refreshing its token when `needsRefresh` says so (by default, when
    /// `TokenRefreshRule` finds it expiring), then writes it if it changed.
    /// When the server says the session is dead, the file is removed (as the SDK signs the user out); a session of
    /// another backend than the configuration's is refused before any request (`session-backend-mismatch`).
    func withSession<T>(
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
                if needsRefresh?(session, stamp) ?? TokenRefreshRule(now: now()).isExpiring(session) {
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

    /// Whether the server's answer means the session's user is gone, disabled or its tokens revoked.
    static func isDeadSession(_ error: FauthError) -> Bool {
        [.userNotFound, .userDisabled, .invalidUserToken, .userTokenExpired].contains(error.code) && error.server != nil
    }

    /// Exchanges the refresh token for a new ID token (Secure Token API), keeping the user record.
    private func refresh(_ session: inout Session) throws {
        let tokens = try backend.call(RefreshTokenEndpoint(refreshToken: session.refreshToken)).tokens
        session = session.replacingTokens(tokens, user: session.user, now: now())
    }

    /// Removes the session file after the server said the session is dead, and says so in the error.
    private func clear(_ file: SessionFile, after error: FauthError) throws -> FauthError {
        try file.remove()
        var cleared = error
        cleared.message += " The local session was removed: sign in again."
        return cleared
    }
}
