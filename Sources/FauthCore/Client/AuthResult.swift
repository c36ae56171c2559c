/// The outcome of a successful sign-up, sign-in, link, unlink or reauthentication.
public struct AuthResult: Sendable, Equatable {
    /// The signed-in user as the server now describes it.
    public var user: UserProfile
    /// Whether the step created the account.
    public var isNewUser: Bool
    /// The provider the step used (or removed, for unlink).
    public var providerId: String
    /// When the session's ID token expires.
    public var expiresAt: UnixTime

    /// Makes a result.
    public init(user: UserProfile, isNewUser: Bool, providerId: String, expiresAt: UnixTime) {
        self.user = user
        self.isNewUser = isNewUser
        self.providerId = providerId
        self.expiresAt = expiresAt
    }
}
