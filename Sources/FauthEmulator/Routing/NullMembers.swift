import FauthJSON

/// The `nullAsAbsent` extension's reading of a body: a `null` object member means the field is not set, as in
/// proto3 JSON, which Google's servers parse (array elements are kept as they are).
enum NullMembers {
    /// Whether an object anywhere in `value` has a `null` member.
    static func occur(in value: JSONValue) -> Bool {
        switch value {
        case .object(let object): return object.contains { $0.value.isNull || occur(in: $0.value) }
        case .array(let elements): return elements.contains(where: occur)
        default: return false
        }
    }

    /// `object` with every `null` member left out, at every depth.
    static func removed(from object: JSONObject) -> JSONObject {
        var result = JSONObject()
        for (key, member) in object where !member.isNull { result[key] = removed(from: member) }
        return result
    }

    private static func removed(from value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object): return .object(removed(from: object))
        case .array(let elements): return .array(elements.map(removed))
        default: return value
        }
    }
}
