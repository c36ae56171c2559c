/// A JSON object whose members keep their insertion order, so that output has a fixed, documented key order.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    private var entries: [(key: String, value: JSONValue)] = []
    private var positions: [String: Int] = [:]

    /// An empty object.
    public init() {}

    /// An object from a literal, keeping the literal's key order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The member named `key`; setting `nil` removes it, replacing a member keeps its position.
    public subscript(key: String) -> JSONValue? {
        get { positions[key].map { entries[$0].value } }
        set {
            if let index = positions[key] {
                if let newValue {
                    entries[index].value = newValue
                } else {
                    entries.remove(at: index)
                    positions[key] = nil
                    for position in index..<entries.count { positions[entries[position].key] = position }
                }
            } else if let newValue {
                positions[key] = entries.count
                entries.append((key, newValue))
            }
        }
    }

    /// The member names in order.
    public var keys: [String] { entries.map(\.key) }

    /// How many members there are.
    public var count: Int { entries.count }

    /// Whether there are no members.
    public var isEmpty: Bool { entries.isEmpty }

    /// Iterates the members in insertion order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        entries.makeIterator()
    }

    /// Objects are equal when they have the same members, whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Hashes the members independently of their order.
    public func hash(into hasher: inout Hasher) {
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
