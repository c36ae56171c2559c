import FauthJSON

/// The signed-in user's profile as last seen from the backend.
package struct UserProfile: Sendable, Equatable {
    /// The Firebase user id.
    package var uid: String
    /// The primary email.
    package var email: String?
    /// Whether the email is verified.
    package var emailVerified: Bool
    /// The display name.
    package var displayName: String?
    /// The photo URL.
    package var photoURL: String?
    /// The phone number.
    package var phoneNumber: String?
    /// Whether the user is anonymous (no provider linked).
    package var isAnonymous: Bool
    /// The tenant the user belongs to.
    package var tenantId: String?
    /// The linked identity providers.
    package var providers: [ProviderInfo]
    /// When the account was created.
    package var createdAt: UnixTime?
    /// When the user last signed in.
    package var lastSignInAt: UnixTime?

    /// Makes a user record.
    package init(
        uid: String, email: String? = nil, emailVerified: Bool = false, displayName: String? = nil,
        photoURL: String? = nil, phoneNumber: String? = nil, isAnonymous: Bool = false, tenantId: String? = nil,
        providers: [ProviderInfo] = [], createdAt: UnixTime? = nil, lastSignInAt: UnixTime? = nil
    ) {
        self.uid = uid
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.photoURL = photoURL
        self.phoneNumber = phoneNumber
        self.isAnonymous = isAnonymous
        self.tenantId = tenantId
        self.providers = providers
        self.createdAt = createdAt
        self.lastSignInAt = lastSignInAt
    }
}
