/// The answer to `accounts:update`.
package struct UpdateAccountResponse: Sendable, Equatable {
    /// The user's uid.
    package var localId: String?
    /// The account's email after the update.
    package var email: String?
    /// Whether the email is verified.
    package var emailVerified: Bool
    /// The display name after the update.
    package var displayName: String?
    /// The photo URL after the update.
    package var photoUrl: String?
    /// The password hash; non-empty means the account has a password.
    package var passwordHash: String?
    /// The linked providers after the update.
    package var providerUserInfo: [ProviderUserInfo]
    /// New tokens, sent when the update invalidated the old ones (email or password change).
    package var tokens: SessionTokens?

    /// Makes a response from its parts.
    package init(
        localId: String? = nil, email: String? = nil, emailVerified: Bool = false, displayName: String? = nil,
        photoUrl: String? = nil, passwordHash: String? = nil, providerUserInfo: [ProviderUserInfo] = [],
        tokens: SessionTokens? = nil
    ) {
        self.localId = localId
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.passwordHash = passwordHash
        self.providerUserInfo = providerUserInfo
        self.tokens = tokens
    }

    init(_ reader: ResponseReader) throws(FauthError) {
        self.init(
            localId: try reader.optionalString("localId"),
            email: try reader.optionalString("email"),
            emailVerified: try reader.bool("emailVerified"),
            displayName: try reader.optionalString("displayName"),
            photoUrl: try reader.optionalString("photoUrl"),
            passwordHash: try reader.optionalString("passwordHash"),
            providerUserInfo: try ProviderUserInfo.readAll(reader),
            tokens: try SessionTokens.readIfPresent(reader))
    }
}
