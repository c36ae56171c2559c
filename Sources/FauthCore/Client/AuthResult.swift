/// The outcome of a successful sign-up, sign-in, link, unlink or reauthentication.
package struct AuthResult: Sendable, Equatable {
    /// The signed-in user as the server now describes it.
    package var user: UserProfile
    /// Whether the step created the account.
    package var isNewUser: Bool
    /// The provider the step used (or removed, for unlink).
    package var providerId: String
    /// When the session's ID token expires.
    package var expiresAt: UnixTime

    /// Makes a result.
    package init(user: UserProfile, isNewUser: Bool, providerId: String, expiresAt: UnixTime) {
        self.user = user
        self.isNewUser = isNewUser
        self.providerId = providerId
        self.expiresAt = expiresAt
    }
}
