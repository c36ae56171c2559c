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
    /// Users in creation order, for stable listings and exports.
    private(set) var userOrder: [String] = []
    /// The (providerId, rawId) → localId index of IdP links.
    private var providerIndex: [ProviderKey: String] = [:]
    /// Unconsumed OOB codes, in issue order.
    var oobCodes: [OobCode] = []
    /// SMS codes, in issue order.
    var verificationCodes: [VerificationCode] = []
    /// Temporary proofs of verified phone numbers (proof → number), from a phone link that found the number taken.
    var temporaryProofs: [String: String] = [:]
    /// Failed sign-in times (ms) per email, for fauth's `failedSignInLimit`.
    var failedSignIns: [String: [Int]] = [:]

    private struct ProviderKey: Hashable {
        let providerId: String
        let rawId: String
    }

    /// An empty project (tenantId nil) or tenant.
    init(tenantId: String?, tenantSettings: SignInSettings? = nil) {
        self.tenantId = tenantId
        self.tenantSettings = tenantSettings
    }

    /// All users in creation order.
    var allUsers: [UserRecord] { userOrder.compactMap { users[$0] } }

    /// The user with this localId.
    func user(localId: String) -> UserRecord? { users[localId] }

    /// The users whose top-level email is `email` (compared lower-cased).
    func users(email: String) -> [UserRecord] {
        let wanted = email.lowercased()
        return allUsers.filter { $0.email == wanted }
    }

    /// The first user whose top-level email is `email`.
    func user(email: String) -> UserRecord? { users(email: email).first }

    /// The user with this phone number.
    func user(phoneNumber: String) -> UserRecord? { allUsers.first { $0.phoneNumber == phoneNumber } }

    /// The user linked to (providerId, rawId) by an IdP link.
    func user(providerId: String, rawId: String) -> UserRecord? {
        providerIndex[ProviderKey(providerId: providerId, rawId: rawId)].flatMap { users[$0] }
    }

    /// A new, unsaved user with a fresh 28-character localId (or `localId`) and createdAt `nowMillis`.
    func newUser(localId: String? = nil, nowMillis: Int) -> UserRecord {
        var id = localId ?? RandomID.alphanumeric(count: 28)
        while localId == nil, users[id] != nil { id = RandomID.alphanumeric(count: 28) }
        return UserRecord(localId: id, createdAt: nowMillis, tenantId: tenantId)
    }

    /// Stores `user` (new or changed) and keeps the provider index in step with its IdP links.
    func save(_ user: UserRecord) {
        if let old = users[user.localId] {
            for info in old.providerUserInfo where Self.isIndexed(info.providerId) {
                providerIndex[ProviderKey(providerId: info.providerId, rawId: info.rawId)] = nil
            }
        } else {
            userOrder.append(user.localId)
        }
        users[user.localId] = user
        for info in user.providerUserInfo where Self.isIndexed(info.providerId) {
            providerIndex[ProviderKey(providerId: info.providerId, rawId: info.rawId)] = user.localId
        }
    }

    /// Deletes the user and frees its (provider, rawId) pairs.
    func deleteUser(localId: String) {
        guard let old = users.removeValue(forKey: localId) else { return }
        userOrder.removeAll { $0 == localId }
        for info in old.providerUserInfo where Self.isIndexed(info.providerId) {
            providerIndex[ProviderKey(providerId: info.providerId, rawId: info.rawId)] = nil
        }
    }

    /// Deletes every user; codes and settings are kept.
    func deleteAllUsers() {
        users = [:]
        userOrder = []
        providerIndex = [:]
        failedSignIns = [:]
    }

    /// Removes and returns the OOB code `code`, if it exists.
    func consumeOobCode(_ code: String) -> OobCode? {
        guard let index = oobCodes.firstIndex(where: { $0.code == code }) else { return nil }
        return oobCodes.remove(at: index)
    }

    private static func isIndexed(_ providerId: String) -> Bool { providerId != "password" && providerId != "phone" }
}
