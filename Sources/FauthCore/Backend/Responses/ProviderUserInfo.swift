/// One provider linked to an account (`providerUserInfo[]` of a lookup or an update).
package struct ProviderUserInfo: Sendable, Equatable {
    /// The provider (`password`, `phone`, `google.com`, …).
    package var providerId: String
    /// The user's id at the provider.
    package var rawId: String?
    /// The provider's federated id.
    package var federatedId: String?
    /// The email the provider gave.
    package var email: String?
    /// The display name the provider gave.
    package var displayName: String?
    /// The photo URL the provider gave.
    package var photoUrl: String?
    /// The phone number (phone provider).
    package var phoneNumber: String?

    /// Makes a provider entry.
    package init(
        providerId: String, rawId: String? = nil, federatedId: String? = nil, email: String? = nil,
        displayName: String? = nil, photoUrl: String? = nil, phoneNumber: String? = nil
    ) {
        self.providerId = providerId
        self.rawId = rawId
        self.federatedId = federatedId
        self.email = email
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.phoneNumber = phoneNumber
    }

    /// Every entry of the response's `providerUserInfo`, empty when absent.
    static func readAll(_ reader: ResponseReader) throws(FauthError) -> [ProviderUserInfo] {
        var providers: [ProviderUserInfo] = []
        for entry in try reader.objects("providerUserInfo") {
            providers.append(
                ProviderUserInfo(
                    providerId: try entry.nonEmptyString("providerId"),
                    rawId: try entry.optionalString("rawId"),
                    federatedId: try entry.optionalString("federatedId"),
                    email: try entry.optionalString("email"),
                    displayName: try entry.optionalString("displayName"),
                    photoUrl: try entry.optionalString("photoUrl"),
                    phoneNumber: try entry.optionalString("phoneNumber")))
        }
        return providers
    }
}
