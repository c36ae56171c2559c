/// A signed-in user's session: what the session file holds (docs/design/session.md; stored as `StoredSessionV1`). Never
/// a password.
package struct Session: Sendable, Equatable {
    /// The backend target and device clients the session was made with.
    package var project: ProjectSettings
    /// The user.
    package var user: UserProfile
    /// The Firebase ID token (a secret).
    package var idToken: String
    /// The refresh token (a secret).
    package var refreshToken: String
    /// When the ID token expires (stored to the second).
    package var expiresAt: UnixTime
    /// The ID token's `auth_time`: when the user last proved a credential.
    package var authTime: UnixTime?
    /// Where the tokens were read from: the session file, or the keyring item it names (not itself stored).
    package var secretBackend: SecretBackend = .file

    /// Makes a session. Dates are stored to the whole second, so pass whole seconds to compare after a round trip.
    package init(
        project: ProjectSettings, user: UserProfile, idToken: String, refreshToken: String, expiresAt: UnixTime,
        authTime: UnixTime? = nil
    ) {
        self.project = project
        self.user = user
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.authTime = authTime
    }
}

extension Session {
    /// A new session for tokens a sign-in returned: the user looked up with them, the project settings they were
    /// made with (the project id from the token's audience when the settings have none, else `previous`'s).
    init(tokens: SessionTokens, user: UserProfile, project: ProjectSettings, previous: Session?, now: UnixTime) {
        let claims = IDTokenClaims(token: tokens.idToken)
        var project = project
        project.target.projectId = project.target.projectId ?? claims.audience ?? previous?.project.target.projectId
        self.init(
            project: project, user: user, idToken: tokens.idToken, refreshToken: tokens.refreshToken,
            expiresAt: now.adding(seconds: Double(tokens.expiresIn ?? 3600)), authTime: claims.authTime)
    }

    /// The session with new tokens (from a refresh or a reauthentication) and the given user; `authTime` is kept
    /// when the new ID token carries none.
    func replacingTokens(_ tokens: SessionTokens, user: UserProfile, now: UnixTime) -> Session {
        var session = self
        session.user = user
        session.idToken = tokens.idToken
        session.refreshToken = tokens.refreshToken
        session.expiresAt = now.adding(seconds: Double(tokens.expiresIn ?? 3600))
        session.authTime = IDTokenClaims(token: tokens.idToken).authTime ?? authTime
        return session
    }
}
