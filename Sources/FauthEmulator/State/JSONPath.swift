import FauthJSON

/// Dotted field paths into JSON objects (`mfaConfig.state`), as the admin API's update masks name fields.
enum JSONPath {
    /// The non-null value at `path` in `object`, walking objects only; nil when any step is missing.
    static func value(at path: String, in object: JSONObject) -> JSONValue? {
        value(at: path.split(separator: ".").map(String.init), in: object)
    }

    /// `object` with `value` at `path`, creating the objects on the way.
    static func setting(_ value: JSONValue, at path: String, in object: JSONObject) -> JSONObject {
        setting(value, at: path.split(separator: ".").map(String.init), in: object)
    }

    private static func value(at fields: [String], in object: JSONObject) -> JSONValue? {
        guard let first = fields.first, let member = object[first], !member.isNull else { return nil }
        if fields.count == 1 { return member }
        guard let nested = member.object else { return nil }
        return value(at: Array(fields.dropFirst()), in: nested)
    }

    private static func setting(_ value: JSONValue, at fields: [String], in object: JSONObject) -> JSONObject {
        var result = object
        guard let first = fields.first else { return result }
        if fields.count == 1 {
            result[first] = value
        } else {
            result[first] = .object(setting(value, at: Array(fields.dropFirst()), in: object[first]?.object ?? [:]))
        }
        return result
    }
}
