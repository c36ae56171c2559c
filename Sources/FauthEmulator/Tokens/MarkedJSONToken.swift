import FauthJSON

/// The emulator's opaque tokens (refresh tokens, MFA pending credentials, TOTP enrollment sessions): standard
/// base64 of a compact JSON object whose first member is a marker key, as Firebase's emulator writes them.
enum MarkedJSONToken {
    /// `fields` after `marker: "DO NOT MODIFY"`, encoded.
    static func encode(_ fields: JSONObject, marker: String) -> String {
        var object: JSONObject = [marker: "DO NOT MODIFY"]
        for (key, value) in fields { object[key] = value }
        return Base64.encode(JSONValue.object(object).serializedBytes())
    }

    /// The object `text` encodes; nil for bad base64, bad JSON, a value that is not an object, or no `marker`.
    static func decode(_ text: String, marker: String) -> JSONObject? {
        guard let bytes = Base64.decode(text), let object = (try? JSONValue.parse(bytes))?.object,
            object[marker] != nil
        else { return nil }
        return object
    }
}
