/// A map from a key (an email, a phone number, a provider link) to the localIds of the users holding it, each list
/// in creation order, so that a lookup costs the same with ten accounts or a million.
struct UserIndex<Key: Hashable> {
    private var ids: [Key: [String]] = [:]

    /// The localIds holding `key`, oldest account first.
    func localIds(_ key: Key) -> [String] { ids[key] ?? [] }

    /// Adds `localId` under `key`, keeping the list in creation order (`rank` gives a user's place in it).
    mutating func insert(_ localId: String, under key: Key, rank: (String) -> Int) {
        var list = ids[key] ?? []
        let place = rank(localId)
        let index = list.firstIndex { rank($0) > place } ?? list.endIndex
        list.insert(localId, at: index)
        ids[key] = list
    }

    /// Removes `localId` from under `key`.
    mutating func remove(_ localId: String, under key: Key) {
        guard var list = ids[key] else { return }
        list.removeAll { $0 == localId }
        ids[key] = list.isEmpty ? nil : list
    }

    /// Moves `localId` from the keys it had to the keys it has now.
    mutating func update(_ localId: String, from old: Set<Key>, to new: Set<Key>, rank: (String) -> Int) {
        for key in old.subtracting(new) { remove(localId, under: key) }
        for key in new.subtracting(old) { insert(localId, under: key, rank: rank) }
    }

    /// Forgets every key.
    mutating func removeAll() { ids = [:] }
}

/// The (providerId, rawId) pair of an IdP link.
struct ProviderLink: Hashable {
    let providerId: String
    let rawId: String
}

extension UserRecord {
    /// The keys `ProjectState` indexes this user under.
    var indexKeys: UserIndexKeys {
        UserIndexKeys(
            email: email.map { [$0] } ?? [],
            phoneNumber: phoneNumber.map { [$0] } ?? [],
            providerEmail: Set(providerUserInfo.compactMap { $0.email?.lowercased() }),
            initialEmail: initialEmail.map { [$0] } ?? [],
            providerLink: Set(providerUserInfo.filter { $0.providerId != "password" && $0.providerId != "phone" }
                .map { ProviderLink(providerId: $0.providerId, rawId: $0.rawId) }),
            passkeyCredential: Set((passkeys ?? []).map(\.credentialId)))
    }
}

/// Every key one user is indexed under (empty sets for a user with no such field).
struct UserIndexKeys: Equatable {
    var email: Set<String>
    var phoneNumber: Set<String>
    var providerEmail: Set<String>
    var initialEmail: Set<String>
    var providerLink: Set<ProviderLink>
    var passkeyCredential: Set<String>

    /// The keys of no user (what a new user had before it was saved).
    static let none = UserIndexKeys(email: [], phoneNumber: [], providerEmail: [], initialEmail: [], providerLink: [],
                                    passkeyCredential: [])
}

/// A project's users at one moment, readable without the emulator's lock.
struct UserSnapshot {
    let users: [String: UserRecord]
    let order: [String?]

    /// The users in creation order, one at a time.
    var usersInOrder: some Sequence<UserRecord> { order.lazy.compactMap { $0.flatMap { users[$0] } } }
}
