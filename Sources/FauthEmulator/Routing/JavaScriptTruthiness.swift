import FauthJSON

/// JavaScript's truthiness of a JSON value, which Firebase's emulator applies to flags such as `email_verified`.
enum JavaScriptTruthiness {
    /// False for null, false, 0, NaN and ""; true for everything else, including the string "false".
    static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let flag): return flag
        case .number(let number): return number != 0 && !number.isNaN
        case .string(let text): return !text.isEmpty
        case .array, .object: return true
        }
    }
}
