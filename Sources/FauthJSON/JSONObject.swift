/// A JSON object whose members keep their insertion order, so that output has a fixed, documented key order.
package struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    private var entries: [(key: String, value: JSONValue)] = []
    /// Each member's position, kept only once the object has more than `indexedCount` members: below that, a scan
    /// of the keys costs less than hashing one (request bodies, tokens and answers are small objects).
    private var positions: [String: Int]?
    private static let indexedCount = 12

    /// An empty object.
    package init() {}

    /// An object from a literal, keeping the literal's key order.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        entries.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// Makes room for `count` members, so that an object built member by member grows its storage once.
    package mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    /// The member named `key`; setting `nil` removes it, replacing a member keeps its position.
    package subscript(key: String) -> JSONValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let index = position(of: key) {
                if let newValue {
                    entries[index].value = newValue
                } else {
                    entries.remove(at: index)
                    if positions != nil {
                        positions![key] = nil
                        for position in index..<entries.count { positions![entries[position].key] = position }
                    }
                }
            } else if let newValue {
                entries.append((key, newValue))
                if positions != nil {
                    positions![key] = entries.count - 1
                } else if entries.count > Self.indexedCount {
                    var index: [String: Int] = [:]
                    index.reserveCapacity(entries.count * 2)
                    for (position, entry) in entries.enumerated() { index[entry.key] = position }
                    positions = index
                }
            }
        }
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        var index = 0
        while index < entries.count {
            if entries[index].key == key { return index }
            index += 1
        }
        return nil
    }

    /// The member names in order.
    package var keys: [String] { entries.map(\.key) }

    /// How many members there are.
    package var count: Int { entries.count }

    /// Whether there are no members.
    package var isEmpty: Bool { entries.isEmpty }

    /// Iterates the members in insertion order.
    package func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        entries.makeIterator()
    }

    /// Objects are equal when they have the same members, whatever their order.
    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Hashes the members independently of their order.
    package func hash(into hasher: inout Hasher) {
        var combined = 0
        for entry in entries {
            var member = Hasher()
            member.combine(entry.key)
            member.combine(entry.value)
            combined ^= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
