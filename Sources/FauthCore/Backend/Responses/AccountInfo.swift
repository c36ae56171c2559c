/// An account as `accounts:lookup` describes it.
package struct AccountInfo: Sendable, Equatable {
    /// The user's uid (`localId`).
    package var localId: String
    /// The account's email.
    package var email: String?
    /// Whether the email is verified.
    package var emailVerified: Bool
    /// The display name.
    package var displayName: String?
    /// The photo URL.
    package var photoUrl: String?
    /// The phone number.
    package var phoneNumber: String?
    /// When the account was created, in milliseconds since 1970.
    package var createdAt: Int?
    /// When the user last signed in, in milliseconds since 1970.
    package var lastLoginAt: Int?
    /// The password hash; non-empty means the account has a password.
    package var passwordHash: String?
    /// The linked providers.
    package var providerUserInfo: [ProviderUserInfo]
    /// The enrolled second factors.
    package var mfaInfo: [MFAEnrollment]
    /// The tenant the account belongs to.
    package var tenantId: String?
    /// Whether the account is disabled.
    package var disabled: Bool
    /// The second before which the user's tokens are revoked (`validSince`, Unix seconds), when the server says.
    package var validSince: Int?

    /// Makes an account description.
    package init(
        localId: String, email: String? = nil, emailVerified: Bool = false, displayName: String? = nil,
        photoUrl: String? = nil, phoneNumber: String? = nil, createdAt: Int? = nil, lastLoginAt: Int? = nil,
        passwordHash: String? = nil, providerUserInfo: [ProviderUserInfo] = [], mfaInfo: [MFAEnrollment] = [],
        tenantId: String? = nil, disabled: Bool = false, validSince: Int? = nil
    ) {
        self.localId = localId
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.phoneNumber = phoneNumber
        self.createdAt = createdAt
        self.lastLoginAt = lastLoginAt
        self.passwordHash = passwordHash
        self.providerUserInfo = providerUserInfo
        self.mfaInfo = mfaInfo
        self.tenantId = tenantId
        self.disabled = disabled
        self.validSince = validSince
    }

    /// Reads one entry of a lookup's `users`.
    static func read(_ reader: ResponseReader) throws(FauthError) -> AccountInfo {
        AccountInfo(
            localId: try reader.nonEmptyString("localId"),
            email: try reader.optionalString("email"),
            emailVerified: try reader.bool("emailVerified"),
            displayName: try reader.optionalString("displayName"),
            photoUrl: try reader.optionalString("photoUrl"),
            phoneNumber: try reader.optionalString("phoneNumber"),
            createdAt: try reader.integer("createdAt", in: ISO8601.millisecondRange),
            lastLoginAt: try reader.integer("lastLoginAt", in: ISO8601.millisecondRange),
            passwordHash: try reader.optionalString("passwordHash"),
            providerUserInfo: try ProviderUserInfo.readAll(reader),
            mfaInfo: try MFAEnrollment.readAll(reader),
            tenantId: try reader.optionalString("tenantId"),
            disabled: try reader.bool("disabled"),
            validSince: try reader.integer("validSince", in: 0...ISO8601.millisecondRange.upperBound / 1000))
    }
}
