import FauthJSON

/// The sign-in toggles of a tenant (Firebase's tenant config) or of the default project (fauth's `signInProviders`).
struct SignInSettings: Sendable, Equatable {
    var allowPasswordSignup = true
    var enableAnonymousUser = true
    var enableEmailLinkSignin = true
    /// `disableAuth` of a tenant: every route answers PROJECT_DISABLED.
    var disableAuth = false
}

/// The users, codes and settings of the default project or of one tenant. Accessed only under the emulator's lock.
final class ProjectState {
    /// The tenant id, or nil for the default project.
    let tenantId: String?
    /// The tenant's own toggles (nil for the default project, whose toggles live in the config).
    var tenantSettings: SignInSettings?
    /// The tenant's raw configuration object (`displayName`, `mfaConfig`, …), for the admin tenant routes.
    var tenantConfig: JSONObject = [:]
    /// The accounts and their indexes.
    private(set) var table = UserTable()
    /// Unconsumed OOB codes, in issue order.
    var oobCodes: [OobCode] = []
    /// SMS codes, in issue order.
    var verificationCodes: [VerificationCode] = []
    /// Temporary proofs of verified phone numbers (proof → number), from a phone link that found the number taken.
    var temporaryProofs: [String: String] = [:]
    /// Failed sign-in times (ms) per email, for fauth's `failedSignInLimit`.
    var failedSignIns: [String: [Int]] = [:]

    /// An empty project (tenantId nil) or tenant.
    init(tenantId: String?, tenantSettings: SignInSettings? = nil) {
        self.tenantId = tenantId
        self.tenantSettings = tenantSettings
    }

    /// All users in creation order.
    var allUsers: [UserRecord] { table.allUsers }

    /// Up to `limit` users (all when nil) ordered by localId, those after `after` when it is given.
    func users(orderedByLocalIdAfter after: String?, limit: Int?) -> [UserRecord] {
        table.users(orderedByLocalIdAfter: after, limit: limit)
    }

    /// The users in creation order as they are now, taken in O(1) (copy-on-write), to be read after the lock is released.
    var snapshot: UserSnapshot { table.snapshot }

    /// How many users there are.
    var userCount: Int { table.count }

    /// The user with this localId.
    func user(localId: String) -> UserRecord? { table.user(localId: localId) }

    /// Whether a user has this localId.
    func hasUser(localId: String) -> Bool { table.contains(localId: localId) }

    /// The users whose top-level email is `email` (compared lower-cased), oldest first.
    func users(email: String) -> [UserRecord] { table.users(table.emailIndex[email.lowercased()]) }

    /// The first user whose top-level email is `email`.
    func user(email: String) -> UserRecord? { table.first(table.emailIndex[email.lowercased()]) }

    /// The users with another top-level email but a linked provider whose email is `email` (compared lower-cased).
    func usersByProviderEmail(_ email: String) -> [UserRecord] {
        let wanted = email.lowercased()
        return table.users(table.providerEmailIndex[wanted])
    }

    /// The newest user whose initial email was `email`.
    func lastUser(initialEmail email: String) -> UserRecord? { table.last(table.initialEmailIndex[email]) }

    /// The user with this phone number.
    func user(phoneNumber: String) -> UserRecord? { table.first(table.phoneIndex[phoneNumber]) }

    /// The user linked to (providerId, rawId) by an IdP link.
    func user(providerId: String, rawId: String) -> UserRecord? {
        table.first(table.providerIndex[ProviderLink(providerId: providerId, rawId: rawId)])
    }

    /// The user a mock passkey with this credential id is enrolled for.
    func user(passkeyCredentialId: String) -> UserRecord? { table.first(table.passkeyIndex[passkeyCredentialId]) }

    /// A new, unsaved user with a fresh 28-character localId (or `localId`) and createdAt `nowMillis`.
    func newUser(localId: String? = nil, nowMillis: Int) -> UserRecord {
        var id = localId ?? RandomID.alphanumeric(count: 28)
        while localId == nil, table.contains(localId: id) { id = RandomID.alphanumeric(count: 28) }
        return UserRecord(localId: id, createdAt: nowMillis, tenantId: tenantId)
    }

    /// Stores `user` (new or changed) and keeps every index in step with it.
    func save(_ user: UserRecord) { table.save(user) }

    /// Deletes the user and frees its email, phone number and (provider, rawId) pairs.
    func deleteUser(localId: String) { table.delete(localId: localId) }

    /// Replaces every user with those of `table` (an import); codes and settings are kept.
    func replaceUsers(with table: UserTable) {
        self.table = table
        failedSignIns = [:]
    }

    /// Deletes every user; codes and settings are kept.
    func deleteAllUsers() { replaceUsers(with: UserTable()) }

    /// Removes and returns the OOB code `code`, if it exists.
    func consumeOobCode(_ code: String) -> OobCode? {
        guard let index = oobCodes.firstIndex(where: { $0.code == code }) else { return nil }
        return oobCodes.remove(at: index)
    }
}
