#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A signed-in user's session: what the session file holds (session.md; stored as `StoredSessionV1`). Never a password.
public struct Session: Sendable, Equatable {
    /// The project settings the session was made with.
    public var project: ProjectSettings
    /// The user.
    public var user: UserRecord
    /// The Firebase ID token (a secret).
    public var idToken: String
    /// The refresh token (a secret).
    public var refreshToken: String
    /// When the ID token expires (stored to the second).
    public var expiresAt: Date
    /// The ID token's `auth_time`: when the user last proved a credential.
    public var authTime: Date?

    /// Makes a session. Dates are stored to the whole second, so pass whole seconds to compare after a round trip.
    public init(
        project: ProjectSettings, user: UserRecord, idToken: String, refreshToken: String, expiresAt: Date,
        authTime: Date? = nil
    ) {
        self.project = project
        self.user = user
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.authTime = authTime
    }
}
