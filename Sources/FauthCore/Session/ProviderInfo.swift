import FauthJSON

/// One identity provider linked to a user (the SDK's `UserInfo`).
package struct ProviderInfo: Sendable, Equatable {
    /// `password`, `phone`, `google.com`, `oidc.…`, ….
    package var providerId: String
    /// The user's id at that provider.
    package var uid: String?
    /// The email the provider gave.
    package var email: String?
    /// The display name the provider gave.
    package var displayName: String?
    /// The photo URL the provider gave.
    package var photoURL: String?
    /// The phone number (the `phone` provider).
    package var phoneNumber: String?

    /// Makes provider information.
    package init(
        providerId: String, uid: String? = nil, email: String? = nil, displayName: String? = nil,
        photoURL: String? = nil, phoneNumber: String? = nil
    ) {
        self.providerId = providerId
        self.uid = uid
        self.email = email
        self.displayName = displayName
        self.photoURL = photoURL
        self.phoneNumber = phoneNumber
    }
}
