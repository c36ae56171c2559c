/// A dictionary key with its hash value worked out once. A lookup that probes past other keys compares their hash
/// values before their text (a large table's probe otherwise compares strings byte by byte, as many times as it
/// passes keys), and a table that grows rehashes no text. Equality is the key's own, so nothing else changes.
struct HashedKey<Key: Hashable>: Hashable {
    /// The key itself.
    let key: Key
    private let hash: Int

    /// `key` with its hash value.
    init(_ key: Key) {
        self.key = key
        hash = key.hashValue
    }

    static func == (lhs: HashedKey, rhs: HashedKey) -> Bool {
        lhs.hash == rhs.hash && lhs.key == rhs.key
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
