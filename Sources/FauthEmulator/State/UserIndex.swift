/// A map from a key (an email, a phone number, a provider link) to the slots in `UserTable` of the users holding it,
/// in creation order (a slot's number is its creation rank), so that a lookup costs the same with ten accounts or a
/// million. A key held by one user, nearly every key, needs no allocation of its own.
struct UserIndex<Key: Hashable> {
    private var entries: [HashedKey<Key>: UserSlots] = [:]

    /// The slots holding `key`, oldest account first.
    subscript(key: Key) -> UserSlots { entries[HashedKey(key)] ?? UserSlots() }

    /// Adds `slot` under `key`, keeping the slots in order.
    mutating func insert(_ slot: Int, under key: Key) {
        entries[HashedKey(key), default: UserSlots()].insert(slot)
    }

    /// Removes `slot` from under `key`.
    mutating func remove(_ slot: Int, under key: Key) {
        let key = HashedKey(key)
        guard var slots = entries[key] else { return }
        slots.remove(slot)
        entries[key] = slots.isEmpty ? nil : slots
    }

    /// Moves `slot` from the key it had to the key it has now.
    mutating func update(_ slot: Int, from old: Key?, to new: Key?) {
        guard old != new else { return }
        if let old { remove(slot, under: old) }
        if let new { insert(slot, under: new) }
    }

    /// Moves `slot` from the keys it had to the keys it has now (either list may repeat a key).
    mutating func update<Keys: Sequence<Key>>(_ slot: Int, from old: Keys, to new: Keys) {
        for key in old where !new.contains(key) { remove(slot, under: key) }
        for key in new where !old.contains(key) { insert(slot, under: key) }
    }
}

/// The slots of the users holding one key, in increasing order: one slot inline, more in an array.
struct UserSlots: RandomAccessCollection {
    private enum Storage {
        case none
        case one(Int)
        case many([Int])
    }
    private var storage = Storage.none

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch storage {
        case .none: return 0
        case .one: return 1
        case .many(let slots): return slots.count
        }
    }

    subscript(position: Int) -> Int {
        switch storage {
        case .none: preconditionFailure("no slot")
        case .one(let slot): return slot
        case .many(let slots): return slots[position]
        }
    }

    /// Adds `slot` in order, unless it is there.
    fileprivate mutating func insert(_ slot: Int) {
        switch storage {
        case .none: storage = .one(slot)
        case .one(let other): if other != slot { storage = .many(other < slot ? [other, slot] : [slot, other]) }
        case .many(var slots) where !slots.contains(slot):
            storage = .none
            slots.insert(slot, at: slots.firstIndex { $0 > slot } ?? slots.endIndex)
            storage = .many(slots)
        case .many: break
        }
    }

    fileprivate mutating func remove(_ slot: Int) {
        switch storage {
        case .none: break
        case .one(let other): if other == slot { storage = .none }
        case .many(var slots):
            storage = .none
            slots.removeAll { $0 == slot }
            storage = slots.count == 1 ? .one(slots[0]) : .many(slots)
        }
    }
}

/// The (providerId, rawId) pair of an IdP link.
struct ProviderLink: Hashable {
    let providerId: String
    let rawId: String
}

extension UserRecord {
    /// A record holding no key, what a slot had before its user was saved and has after it is deleted.
    static let keyless = UserRecord(localId: "", createdAt: 0, tenantId: nil)

    /// The providers' emails, lower-cased, as the provider-email index holds them: those other than the user's own
    /// top-level email (so not the `password` provider's), as that index finds users by an email that is not theirs.
    var providerEmailKeys: some Sequence<String> {
        providerUserInfo.lazy.compactMap { $0.email.map(Self.lowercased) }.filter { [email] in $0 != email }
    }

    /// The IdP links (providers other than `password` and `phone`), as the provider index holds them.
    var providerLinkKeys: some Sequence<ProviderLink> {
        providerUserInfo.lazy.filter { $0.providerId != "password" && $0.providerId != "phone" }
            .map { ProviderLink(providerId: $0.providerId, rawId: $0.rawId) }
    }

    /// The mock passkeys' credential ids, as the passkey index holds them.
    var passkeyKeys: some Sequence<String> { (passkeys ?? []).lazy.map(\.credentialId) }

    /// `text` lower-cased; the same string (sharing its storage) when it has no upper-case letter.
    private static func lowercased(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) } ? text : text.lowercased()
    }
}
