import FauthJSON

/// One linked sign-in provider of a user (`providerUserInfo[]`).
struct ProviderUserInfo: Sendable, Equatable {
    /// `password`, `phone`, or an IdP id such as `google.com`.
    var providerId: String
    /// The provider's user id (the email for `password`, the number for `phone`, the `sub` for IdPs).
    var rawId: String
    /// The federated id (the email for `password`, the `sub` for IdPs).
    var federatedId: String?
    var email: String?
    var displayName: String?
    var photoUrl: String?
    var phoneNumber: String?
    var screenName: String?

    /// The entry as Firebase's emulator returns it.
    var json: JSONObject {
        var object = JSONObject()
        object.reserveCapacity(8)
        object["providerId"] = .string(providerId)
        object["rawId"] = .string(rawId)
        if let federatedId { object["federatedId"] = .string(federatedId) }
        if let email { object["email"] = .string(email) }
        if let displayName { object["displayName"] = .string(displayName) }
        if let photoUrl { object["photoUrl"] = .string(photoUrl) }
        if let phoneNumber { object["phoneNumber"] = .string(phoneNumber) }
        if let screenName { object["screenName"] = .string(screenName) }
        return object
    }

    /// Reads an entry written by `json` (for import); nil without `providerId` and `rawId`.
    init?(json: JSONObject) {
        guard let providerId = json["providerId"]?.string, let rawId = json["rawId"]?.string else { return nil }
        self.init(providerId: providerId, rawId: rawId)
        federatedId = json["federatedId"]?.string
        email = json["email"]?.string
        displayName = json["displayName"]?.string
        photoUrl = json["photoUrl"]?.string
        phoneNumber = json["phoneNumber"]?.string
        screenName = json["screenName"]?.string
    }

    /// Makes an entry from its identifying parts.
    init(providerId: String, rawId: String, federatedId: String? = nil) {
        self.providerId = providerId
        self.rawId = rawId
        self.federatedId = federatedId
    }
}

/// One enrolled second factor (`mfaInfo[]`).
struct MFAEnrollment: Sendable, Equatable {
    var mfaEnrollmentId: String
    var displayName: String?
    /// The enrolled phone number (phone factors).
    var phoneInfo: String?
    /// The shared secret, base32 (TOTP factors).
    var totpSharedSecret: String?
    /// When it was enrolled, ISO 8601.
    var enrolledAt: String

    /// The entry as `accounts:lookup` shows it: the full phone number (also as `unobfuscatedPhoneInfo`), and for TOTP
    /// `totpInfo: {}` (as production).
    var json: JSONObject { json(revealingSecret: false) }

    /// The entry as an export writes it: `totpInfo.sharedSecretKey` kept, so that an import restores the factor.
    var archivedJSON: JSONObject { json(revealingSecret: true) }

    private func json(revealingSecret: Bool) -> JSONObject {
        var object: JSONObject = ["mfaEnrollmentId": .string(mfaEnrollmentId)]
        if let displayName { object["displayName"] = .string(displayName) }
        if let phoneInfo {
            object["phoneInfo"] = .string(phoneInfo)
            object["unobfuscatedPhoneInfo"] = .string(phoneInfo)
        }
        if let totpSharedSecret {
            object["totpInfo"] = revealingSecret ? ["sharedSecretKey": .string(totpSharedSecret)] : [:]
        }
        object["enrolledAt"] = .string(enrolledAt)
        return object
    }

    /// Reads an entry written by `json`; nil without an enrollment id.
    init?(json: JSONObject) {
        guard let id = json["mfaEnrollmentId"]?.string else { return nil }
        mfaEnrollmentId = id
        displayName = json["displayName"]?.string
        phoneInfo = json["phoneInfo"]?.string
        totpSharedSecret = json["totpInfo"]?["sharedSecretKey"]?.string
        enrolledAt = json["enrolledAt"]?.string ?? Timestamp.iso8601(millis: Timestamp.nowMillis())
    }

    /// Makes an enrollment from its parts.
    init(
        mfaEnrollmentId: String, displayName: String?, phoneInfo: String?, totpSharedSecret: String?, enrolledAt: String
    ) {
        self.mfaEnrollmentId = mfaEnrollmentId
        self.displayName = displayName
        self.phoneInfo = phoneInfo
        self.totpSharedSecret = totpSharedSecret
        self.enrolledAt = enrolledAt
    }
}

/// One user account, with every field Firebase's emulator keeps.
struct UserRecord: Sendable, Equatable {
    var localId: String
    var email: String?
    var emailVerified: Bool?
    var displayName: String?
    var photoUrl: String?
    var phoneNumber: String?
    var screenName: String?
    /// `fakeHash:salt=<salt>:password=<plain>` for a password the emulator set (as Firebase's emulator stores them:
    /// the password in clear), or an imported hash in base64 (see `importedHash`).
    var passwordHash: String?
    /// The emulator's `fakeSalt…`, or an imported hash's salt in base64.
    var salt: String?
    /// How an imported `passwordHash` was made: nil for the emulator's own.
    var importedHash: ImportedPasswordHash?
    /// Milliseconds since the epoch.
    var passwordUpdatedAt: Int?
    /// Seconds since the epoch; ID tokens issued before it are revoked (TOKEN_EXPIRED).
    var validSince: Int?
    /// The disabled flag as stored: nil until it is set (Firebase's emulator keeps the key absent until then).
    var disabledFlag: Bool?
    /// The custom claims, as a JSON object string.
    var customAttributes: String?
    var customAuth: Bool?
    var emailLinkSignin: Bool?
    var initialEmail: String?
    /// Milliseconds since the epoch.
    var createdAt: Int
    /// Milliseconds since the epoch; the ID token's `auth_time`.
    var lastLoginAt: Int?
    /// ISO 8601.
    var lastRefreshAt: String?
    var providerUserInfo: [ProviderUserInfo] = []
    /// The second factors as stored: nil until a factor list is set (Firebase's emulator keeps `mfaInfo: []` once the
    /// last factor is withdrawn, and drops the key when an update sends no enrollments).
    var mfaEnrollments: [MFAEnrollment]?
    /// The mock passkeys: nil until one is enrolled.
    var passkeys: [PasskeyInfo]?
    var tenantId: String?

    /// Whether the account is disabled.
    var disabled: Bool { disabledFlag ?? false }

    /// The enrolled second factors (none when the list was never set); setting stores the list, even empty.
    var mfaInfo: [MFAEnrollment] {
        get { mfaEnrollments ?? [] }
        set { mfaEnrollments = newValue }
    }

    /// A new account with only an id and creation time.
    init(localId: String, createdAt: Int, tenantId: String?) {
        self.localId = localId
        self.createdAt = createdAt
        self.tenantId = tenantId
    }

    /// The password hash Firebase's emulator stores: `fakeHash:salt=<salt>:password=<plain>`.
    static func fakeHash(salt: String, password: String) -> String {
        var hash = "fakeHash:salt="
        hash.reserveCapacity(24 + salt.utf8.count + password.utf8.count)
        hash += salt
        hash += ":password="
        hash += password
        return hash
    }

    /// A new salt as Firebase's emulator makes them: `fakeSalt` and 20 random letters and digits.
    static func newSalt() -> String {
        RandomID.alphanumeric(count: 20, after: "fakeSalt")
    }

    /// Removes the password (hash, salt and the imported hash's algorithm).
    mutating func clearPassword() {
        passwordHash = nil
        salt = nil
        importedHash = nil
    }

    /// Sets a new password (hash, salt, passwordUpdatedAt) and bumps validSince to `now`; it replaces an imported
    /// hash.
    mutating func setPassword(_ password: String, nowMillis: Int) {
        let salt = UserRecord.newSalt()
        self.salt = salt
        importedHash = nil
        passwordHash = UserRecord.fakeHash(salt: salt, password: password)
        passwordUpdatedAt = nowMillis
        validSince = nowMillis / 1000
    }

    /// Replaces or appends the entry for `info.providerId`.
    mutating func upsertProvider(_ info: ProviderUserInfo) {
        if let index = providerUserInfo.firstIndex(where: { $0.providerId == info.providerId }) {
            providerUserInfo[index] = info
        } else {
            providerUserInfo.append(info)
        }
    }

    /// Keeps the `password` provider entry in step with the email, the password hash and email-link sign-in
    /// (rewritten in place, or appended when new, as Firebase's emulator does).
    mutating func syncPasswordProvider() {
        guard passwordHash != nil || emailLinkSignin == true, let email else {
            providerUserInfo.removeAll { $0.providerId == "password" }
            return
        }
        var info = ProviderUserInfo(providerId: "password", rawId: email, federatedId: email)
        info.email = email
        info.displayName = displayName
        info.photoUrl = photoUrl
        upsertProvider(info)
    }

    /// Keeps the `phone` provider entry in step with the phone number (rewritten in place, or appended when new).
    mutating func syncPhoneProvider() {
        guard let phoneNumber else {
            providerUserInfo.removeAll { $0.providerId == "phone" }
            return
        }
        var info = ProviderUserInfo(providerId: "phone", rawId: phoneNumber)
        info.phoneNumber = phoneNumber
        upsertProvider(info)
    }

    /// The account as `accounts:lookup` returns it (not redacted, but TOTP secrets hidden as production hides them).
    var accountInfo: JSONObject {
        var object = JSONObject()
        object.reserveCapacity(16)
        object["localId"] = .string(localId)
        if let email { object["email"] = .string(email) }
        if let emailVerified { object["emailVerified"] = .bool(emailVerified) }
        if let displayName { object["displayName"] = .string(displayName) }
        if let photoUrl { object["photoUrl"] = .string(photoUrl) }
        if let phoneNumber { object["phoneNumber"] = .string(phoneNumber) }
        if let screenName { object["screenName"] = .string(screenName) }
        if let passwordHash { object["passwordHash"] = .string(passwordHash) }
        if let salt { object["salt"] = .string(salt) }
        if let passwordUpdatedAt { object["passwordUpdatedAt"] = .number(Double(passwordUpdatedAt)) }
        object["providerUserInfo"] = .array(providerUserInfo.map { .object($0.json) })
        if let validSince { object["validSince"] = .string(String(validSince)) }
        if let disabledFlag { object["disabled"] = .bool(disabledFlag) }
        if let lastLoginAt { object["lastLoginAt"] = .string(String(lastLoginAt)) }
        object["createdAt"] = .string(String(createdAt))
        if let lastRefreshAt { object["lastRefreshAt"] = .string(lastRefreshAt) }
        if let customAttributes { object["customAttributes"] = .string(customAttributes) }
        if let customAuth { object["customAuth"] = .bool(customAuth) }
        if let emailLinkSignin { object["emailLinkSignin"] = .bool(emailLinkSignin) }
        if let initialEmail { object["initialEmail"] = .string(initialEmail) }
        if let mfaEnrollments { object["mfaInfo"] = .array(mfaEnrollments.map { .object($0.json) }) }
        if let passkeys { object["passkeyInfo"] = .array(passkeys.map { .object($0.json) }) }
        if let tenantId { object["tenantId"] = .string(tenantId) }
        return object
    }

    /// The account as an export writes it: `accountInfo` with each TOTP factor's shared secret and an imported
    /// hash's algorithm (`fauthPasswordHash`).
    var archivedAccountInfo: JSONObject {
        var object = accountInfo
        if let importedHash { object["fauthPasswordHash"] = .object(importedHash.json) }
        if let mfaEnrollments { object["mfaInfo"] = .array(mfaEnrollments.map { .object($0.archivedJSON) }) }
        return object
    }

    /// Reads an account written by `archivedAccountInfo` (for import); nil without a `localId`.
    init?(accountInfo json: JSONObject) {
        guard let localId = json["localId"]?.string else { return nil }
        self.init(
            localId: localId, createdAt: Int(json["createdAt"]?.string ?? "") ?? Timestamp.nowMillis(),
            tenantId: json["tenantId"]?.string)
        email = json["email"]?.string
        emailVerified = json["emailVerified"]?.bool
        displayName = json["displayName"]?.string
        photoUrl = json["photoUrl"]?.string
        phoneNumber = json["phoneNumber"]?.string
        screenName = json["screenName"]?.string
        passwordHash = json["passwordHash"]?.string
        salt = json["salt"]?.string
        importedHash = json["fauthPasswordHash"]?.object.flatMap(ImportedPasswordHash.init(json:))
        passwordUpdatedAt = json["passwordUpdatedAt"]?.int
        validSince = json["validSince"]?.string.flatMap { Int($0) }
        disabledFlag = json["disabled"]?.bool
        lastLoginAt = json["lastLoginAt"]?.string.flatMap { Int($0) }
        lastRefreshAt = json["lastRefreshAt"]?.string
        customAttributes = json["customAttributes"]?.string
        customAuth = json["customAuth"]?.bool
        emailLinkSignin = json["emailLinkSignin"]?.bool
        initialEmail = json["initialEmail"]?.string
        providerUserInfo = (json["providerUserInfo"]?.array ?? []).compactMap {
            $0.object.flatMap(ProviderUserInfo.init(json:))
        }
        mfaEnrollments = json["mfaInfo"]?.array.map { $0.compactMap { $0.object.flatMap(MFAEnrollment.init(json:)) } }
        passkeys = json["passkeyInfo"]?.array.map { $0.compactMap { $0.object.flatMap(PasskeyInfo.init(json:)) } }
    }
}
