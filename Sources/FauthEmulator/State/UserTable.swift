/// The accounts of one project: each stored once, in creation order, and found by localId or through the indexes by
/// email, phone number, providers' emails, initial email, IdP link and passkey, kept in step on every change.
/// An account costs one pointer in the table plus its record; a deleted one leaves an empty slot until the next
/// compaction, so that slot numbers (creation ranks) stay valid in the indexes.
struct UserTable {
    private var slots: ContiguousArray<StoredUser?> = []
    /// Each account's slot.
    private var slotOf: [HashedKey<String>: Int] = [:]
    private(set) var emailIndex = UserIndex<String>()
    private(set) var phoneIndex = UserIndex<String>()
    private(set) var providerEmailIndex = UserIndex<String>()
    private(set) var initialEmailIndex = UserIndex<String>()
    private(set) var providerIndex = UserIndex<ProviderLink>()
    private(set) var passkeyIndex = UserIndex<String>()
    /// The slots in localId order, sorted on the first listing after an account is added or deleted, so that paging
    /// through every account sorts once, not once per page.
    private var slotsByLocalId: [Int]?

    /// How many accounts there are.
    var count: Int { slotOf.count }

    /// The account with this localId.
    func user(localId: String) -> UserRecord? { slotOf[HashedKey(localId)].flatMap { slots[$0]?.record } }

    /// Whether an account has this localId.
    func contains(localId: String) -> Bool { slotOf[HashedKey(localId)] != nil }

    /// The accounts in `found`, oldest first.
    func users(_ found: UserSlots) -> [UserRecord] { found.compactMap { slots[$0]?.record } }

    /// The oldest account in `found`.
    func first(_ found: UserSlots) -> UserRecord? { found.first.flatMap { slots[$0]?.record } }

    /// The newest account in `found`.
    func last(_ found: UserSlots) -> UserRecord? { found.last.flatMap { slots[$0]?.record } }

    /// Every account in creation order.
    var allUsers: [UserRecord] { slots.compactMap { $0?.record } }

    /// The accounts in creation order as they are now, taken in O(1) (copy-on-write), to be read after the lock is released.
    var snapshot: UserSnapshot { UserSnapshot(slots: slots) }

    /// Up to `limit` accounts (all when nil) in localId order, those after `after` when it is given.
    mutating func users(orderedByLocalIdAfter after: String?, limit: Int?) -> [UserRecord] {
        let ordered = slotsByLocalId ?? slotOf.sorted { $0.key.key < $1.key.key }.map(\.value)
        slotsByLocalId = ordered
        var start = ordered.startIndex
        if let after {
            // The first account whose localId is past `after` (a binary search).
            var end = ordered.endIndex
            while start < end {
                let middle = (start + end) / 2
                if let localId = slots[ordered[middle]]?.record.localId, localId <= after {
                    start = middle + 1
                } else {
                    end = middle
                }
            }
        }
        let page = ordered[start...].prefix(limit ?? ordered.count)
        return page.compactMap { slots[$0]?.record }
    }

    /// Stores `user` (new or changed) and keeps every index in step with it.
    mutating func save(_ user: UserRecord) {
        let key = HashedKey(user.localId)
        if let slot = slotOf[key] {
            let old = slots[slot]?.record ?? .keyless
            slots[slot] = StoredUser(user)
            reindex(slot, from: old, to: user)
        } else {
            let slot = slots.count
            slotOf[key] = slot
            slots.append(StoredUser(user))
            slotsByLocalId = nil
            reindex(slot, from: .keyless, to: user)
        }
    }

    /// Deletes the account and frees its keys.
    mutating func delete(localId: String) {
        guard let slot = slotOf.removeValue(forKey: HashedKey(localId)), let old = slots[slot]?.record else { return }
        reindex(slot, from: old, to: .keyless)
        slots[slot] = nil
        slotsByLocalId = nil
        if slots.count > 64, slots.count > 2 * slotOf.count { compact() }
    }

    private mutating func reindex(_ slot: Int, from old: UserRecord, to new: UserRecord) {
        emailIndex.update(slot, from: old.email, to: new.email)
        phoneIndex.update(slot, from: old.phoneNumber, to: new.phoneNumber)
        initialEmailIndex.update(slot, from: old.initialEmail, to: new.initialEmail)
        // The key lists are worked out only when what they are made from changed (a sign-in changes none of them).
        let providersChanged = old.providerUserInfo != new.providerUserInfo
        if providersChanged || old.email != new.email {
            providerEmailIndex.update(slot, from: old.providerEmailKeys, to: new.providerEmailKeys)
        }
        if providersChanged { providerIndex.update(slot, from: old.providerLinkKeys, to: new.providerLinkKeys) }
        if old.passkeys != new.passkeys { passkeyIndex.update(slot, from: old.passkeyKeys, to: new.passkeyKeys) }
    }

    /// Drops the empty slots and indexes the accounts again, keeping their order.
    private mutating func compact() {
        var table = UserTable()
        for stored in slots { if let stored { table.save(stored.record) } }
        self = table
    }
}

/// One saved account, immutable: a change stores a new one, so a snapshot taken before it keeps the old.
private final class StoredUser {
    let record: UserRecord
    init(_ record: UserRecord) { self.record = record }
}

/// A project's accounts at one moment, readable without the emulator's lock.
struct UserSnapshot {
    fileprivate let slots: ContiguousArray<StoredUser?>

    /// The accounts in creation order, one at a time.
    var usersInOrder: some Sequence<UserRecord> { slots.lazy.compactMap { $0?.record } }
}
