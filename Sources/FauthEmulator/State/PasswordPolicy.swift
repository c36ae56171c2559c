import FauthJSON

/// A password policy in the shape of Identity Toolkit's `GET /v2/passwordPolicy` response (fauth extension).
struct PasswordPolicy: Sendable, Equatable {
    var minPasswordLength: Int
    var maxPasswordLength: Int?
    var containsLowercaseCharacter: Bool
    var containsUppercaseCharacter: Bool
    var containsNumericCharacter: Bool
    var containsNonAlphanumericCharacter: Bool
    /// The characters that count as non-alphanumeric.
    var allowedNonAlphanumericCharacters: [String]
    /// `ENFORCE` or `OFF`.
    var enforcementState: String
    var forceUpgradeOnSignin: Bool

    /// The default set of non-alphanumeric characters Google's servers list.
    static let defaultNonAlphanumericCharacters = "^$*.[]{}()?\"!@#%&/\\,><':;|_~`=+-".map(String.init)

    /// Reads a policy object; throws INVALID_ARGUMENT for values of the wrong type.
    init(json: JSONObject) throws(APIError) {
        let options = json["customStrengthOptions"]?.object ?? [:]
        func flag(_ key: String) throws(APIError) -> Bool {
            switch options[key] {
            case nil, .null?: return false
            case .bool(let value)?: return value
            default: throw APIError.wrongType("/fauth/passwordPolicy/customStrengthOptions/\(key)", expected: "boolean")
            }
        }
        func length(_ key: String) throws(APIError) -> Int? {
            switch options[key] {
            case nil, .null?: return nil
            case let value? where value.int != nil && value.int! >= 0: return value.int
            default:
                throw APIError.wrongType(
                    "/fauth/passwordPolicy/customStrengthOptions/\(key)", expected: "a non-negative integer")
            }
        }
        minPasswordLength = max(try length("minPasswordLength") ?? 6, 6)
        maxPasswordLength = try length("maxPasswordLength")
        containsLowercaseCharacter = try flag("containsLowercaseCharacter")
        containsUppercaseCharacter = try flag("containsUppercaseCharacter")
        containsNumericCharacter = try flag("containsNumericCharacter")
        containsNonAlphanumericCharacter = try flag("containsNonAlphanumericCharacter")
        allowedNonAlphanumericCharacters =
            json["allowedNonAlphanumericCharacters"]?.array?.compactMap(\.string)
            ?? PasswordPolicy.defaultNonAlphanumericCharacters
        let state = json["enforcementState"]?.string ?? "ENFORCE"
        guard state == "ENFORCE" || state == "OFF" else {
            throw APIError.invalidArgument(
                "Invalid JSON payload received. /fauth/passwordPolicy/enforcementState must be ENFORCE or OFF")
        }
        enforcementState = state
        forceUpgradeOnSignin = json["forceUpgradeOnSignin"]?.bool ?? false
    }

    /// The policy as `GET /v2/passwordPolicy` serves it.
    var json: JSONObject {
        var options: JSONObject = ["minPasswordLength": .number(Double(minPasswordLength))]
        if let maxPasswordLength { options["maxPasswordLength"] = .number(Double(maxPasswordLength)) }
        options["containsLowercaseCharacter"] = .bool(containsLowercaseCharacter)
        options["containsUppercaseCharacter"] = .bool(containsUppercaseCharacter)
        options["containsNumericCharacter"] = .bool(containsNumericCharacter)
        options["containsNonAlphanumericCharacter"] = .bool(containsNonAlphanumericCharacter)
        var object: JSONObject = ["customStrengthOptions": .object(options)]
        object["allowedNonAlphanumericCharacters"] = .array(allowedNonAlphanumericCharacters.map { .string($0) })
        object["schemaVersion"] = 1
        object["enforcementState"] = .string(enforcementState)
        object["forceUpgradeOnSignin"] = .bool(forceUpgradeOnSignin)
        return object
    }

    /// The requirements `password` misses, worded as Google's servers word them; letters and digits are ASCII, as
    /// Firebase's SDKs check them.
    func unmetRequirements(_ password: String) -> [String] {
        var missing: [String] = []
        let length = password.count
        if length < minPasswordLength {
            missing.append("Password must contain at least \(minPasswordLength) characters")
        }
        if let maxPasswordLength, length > maxPasswordLength {
            missing.append("Password may contain at most \(maxPasswordLength) characters")
        }
        if containsLowercaseCharacter, !password.contains(where: { ("a"..."z").contains($0) }) {
            missing.append("Password must contain a lower case character")
        }
        if containsUppercaseCharacter, !password.contains(where: { ("A"..."Z").contains($0) }) {
            missing.append("Password must contain an upper case character")
        }
        if containsNumericCharacter, !password.contains(where: { $0.isASCII && $0.isNumber }) {
            missing.append("Password must contain a numeric character")
        }
        if containsNonAlphanumericCharacter,
            !password.contains(where: { allowedNonAlphanumericCharacters.contains(String($0)) })
        {
            missing.append("Password must contain a non-alphanumeric character")
        }
        return missing
    }
}
