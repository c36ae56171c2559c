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
    private(set) var users: [String: UserRecord] = [:]
    /// Users in creation order, for stable listings and exports; a deleted user leaves nil until the next compaction.
    private var userOrder: [String?] = []
    /// Each user's place in `userOrder` (its creation rank).
    private var orderPosition: [String: Int] = [:]
    /// The indexes by top-level email, phone number, providers' emails, initial email and IdP link.
    private var emailIndex = UserIndex<String>()
    private var phoneIndex = UserIndex<String>()
    private var providerEmailIndex = UserIndex<String>()
    private var initialEmailIndex = UserIndex<String>()
    private var providerIndex = UserIndex<ProviderLink>()
    private var passkeyIndex = UserIndex<String>()
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
    var allUsers: [UserRecord] { userOrder.compactMap { $0.flatMap { users[$0] } } }

    /// The users in creation order as they are now, taken in O(1) (copy-on-write), to be read after the lock is released.
    var snapshot: UserSnapshot { UserSnapshot(users: users, order: userOrder) }

    /// How many users there are.
    var userCount: Int { users.count }

    /// The user with this localId.
    func user(localId: String) -> UserRecord? { users[localId] }

    /// The users whose top-level email is `email` (compared lower-cased), oldest first.
    func users(email: String) -> [UserRecord] { records(emailIndex.localIds(email.lowercased())) }

    /// The first user whose top-level email is `email`.
    func user(email: String) -> UserRecord? { users(email: email).first }

    /// The users with another top-level email but a linked provider whose email is `email` (compared lower-cased).
    func usersByProviderEmail(_ email: String) -> [UserRecord] {
        let wanted = email.lowercased()
        return records(providerEmailIndex.localIds(wanted)).filter { $0.email != wanted }
    }

    /// The newest user whose initial email was `email`.
    func lastUser(initialEmail email: String) -> UserRecord? { records(initialEmailIndex.localIds(email)).last }

    /// The user with this phone number.
    func user(phoneNumber: String) -> UserRecord? { records(phoneIndex.localIds(phoneNumber)).first }

    /// The user linked to (providerId, rawId) by an IdP link.
    func user(providerId: String, rawId: String) -> UserRecord? {
        records(providerIndex.localIds(ProviderLink(providerId: providerId, rawId: rawId))).first
    }

    /// The user a mock passkey with this credential id is enrolled for.
    func user(passkeyCredentialId: String) -> UserRecord? { records(passkeyIndex.localIds(passkeyCredentialId)).first }

    /// A new, unsaved user with a fresh 28-character localId (or `localId`) and createdAt `nowMillis`.
    func newUser(localId: String? = nil, nowMillis: Int) -> UserRecord {
        var id = localId ?? RandomID.alphanumeric(count: 28)
        while localId == nil, users[id] != nil { id = RandomID.alphanumeric(count: 28) }
        return UserRecord(localId: id, createdAt: nowMillis, tenantId: tenantId)
    }

    /// Stores `user` (new or changed) and keeps every index in step with it.
    func save(_ user: UserRecord) {
        let old = users[user.localId]
        if old == nil {
            orderPosition[user.localId] = userOrder.count
            userOrder.append(user.localId)
        }
        users[user.localId] = user
        reindex(user.localId, from: old?.indexKeys ?? .none, to: user.indexKeys)
    }

    /// Deletes the user and frees its email, phone number and (provider, rawId) pairs.
    func deleteUser(localId: String) {
        guard let old = users.removeValue(forKey: localId) else { return }
        reindex(localId, from: old.indexKeys, to: .none)
        if let position = orderPosition.removeValue(forKey: localId) { userOrder[position] = nil }
        if userOrder.count > 64, userOrder.count > 2 * users.count { compactOrder() }
    }

    /// Deletes every user; codes and settings are kept.
    func deleteAllUsers() {
        users = [:]
        userOrder = []
        orderPosition = [:]
        emailIndex.removeAll()
        phoneIndex.removeAll()
        providerEmailIndex.removeAll()
        initialEmailIndex.removeAll()
        providerIndex.removeAll()
        passkeyIndex.removeAll()
        failedSignIns = [:]
    }

    /// Removes and returns the OOB code `code`, if it exists.
    func consumeOobCode(_ code: String) -> OobCode? {
        guard let index = oobCodes.firstIndex(where: { $0.code == code }) else { return nil }
        return oobCodes.remove(at: index)
    }

    private func records(_ localIds: [String]) -> [UserRecord] { localIds.compactMap { users[$0] } }

    private func reindex(_ localId: String, from old: UserIndexKeys, to new: UserIndexKeys) {
        guard old != new else { return }
        let rank = { [orderPosition] (id: String) in orderPosition[id] ?? Int.max }
        emailIndex.update(localId, from: old.email, to: new.email, rank: rank)
        phoneIndex.update(localId, from: old.phoneNumber, to: new.phoneNumber, rank: rank)
        providerEmailIndex.update(localId, from: old.providerEmail, to: new.providerEmail, rank: rank)
        initialEmailIndex.update(localId, from: old.initialEmail, to: new.initialEmail, rank: rank)
        providerIndex.update(localId, from: old.providerLink, to: new.providerLink, rank: rank)
        passkeyIndex.update(localId, from: old.passkeyCredential, to: new.passkeyCredential, rank: rank)
    }

    /// Drops the deleted users' places from `userOrder`, keeping the order (and so every index's order) unchanged.
    private func compactOrder() {
        userOrder = userOrder.filter { $0 != nil }
        orderPosition = [:]
        for (position, localId) in userOrder.enumerated() { if let localId { orderPosition[localId] = position } }
    }
}
