import FauthJSON

/// A project's password policy as Identity Toolkit serves it (`GET /v2/passwordPolicy`): the requirements a new
/// password must meet, and whether the server enforces them (`ENFORCE`) or only lets clients notify (`OFF`).
package struct PasswordPolicy: Sendable, Equatable {
    /// The schema version fauth reads (`schemaVersion`); a policy of another one is not checked on the client.
    package static let supportedSchemaVersion = 1
    /// The symbols Firebase counts as non-alphanumeric when the policy does not list its own.
    static let defaultSymbols = #"^$*.[]{}()?"!@#%&/\,><':;|_~"#

    /// The policy as served; kept whole for the cache.
    package let json: JSONObject
    /// `schemaVersion`.
    package let schemaVersion: Int
    /// Whether the server refuses a password that misses a requirement (`enforcementState: ENFORCE`).
    package let isEnforced: Bool
    /// The rules, in the order Firebase lists them.
    let rules: [PasswordRule]

    /// Reads a policy; missing options are not required, a missing minimum length is Firebase's 6.
    package init(json: JSONObject) {
        self.json = json
        schemaVersion = json["schemaVersion"]?.int ?? Self.supportedSchemaVersion
        isEnforced = json["enforcementState"]?.string == "ENFORCE"
        let options = json["customStrengthOptions"]?.object ?? [:]
        let symbols =
            json["allowedNonAlphanumericCharacters"]?.array.map { $0.compactMap(\.string).joined() }
            ?? Self.defaultSymbols
        var rules: [PasswordRule] = [.minLength(options["minPasswordLength"]?.int ?? 6)]
        if let maximum = options["maxPasswordLength"]?.int { rules.append(.maxLength(maximum)) }
        if options["containsLowercaseCharacter"]?.bool == true { rules.append(.lowercase) }
        if options["containsUppercaseCharacter"]?.bool == true { rules.append(.uppercase) }
        if options["containsNumericCharacter"]?.bool == true { rules.append(.numeric) }
        if options["containsNonAlphanumericCharacter"]?.bool == true { rules.append(.symbol(Set(symbols))) }
        self.rules = rules
    }

    /// Every requirement of the policy, each with whether `password` meets it.
    package func requirements(for password: String) -> [PasswordRequirement] {
        rules.map { PasswordRequirement(rule: $0, met: $0.isMet(by: password)) }
    }
}

/// One requirement of a password policy.
enum PasswordRule: Sendable, Equatable {
    case minLength(Int)
    case maxLength(Int)
    case lowercase, uppercase, numeric
    /// A character of this set.
    case symbol(Set<Character>)

    /// Whether `password` meets it; letters and digits are ASCII, as Firebase's SDKs check them.
    func isMet(by password: String) -> Bool {
        switch self {
        case .minLength(let length): password.count >= length
        case .maxLength(let length): password.count <= length
        case .lowercase: password.contains { ("a"..."z").contains($0) }
        case .uppercase: password.contains { ("A"..."Z").contains($0) }
        case .numeric: password.contains { ("0"..."9").contains($0) }
        case .symbol(let symbols): password.contains { symbols.contains($0) }
        }
    }
}

/// A requirement of the project's password policy and whether a password meets it.
package struct PasswordRequirement: Sendable, Equatable {
    let rule: PasswordRule
    /// Whether the password meets it.
    package let met: Bool

    /// The policy option it comes from (`minPasswordLength`, `containsUppercaseCharacter`, …).
    package var name: String {
        switch rule {
        case .minLength: "minPasswordLength"
        case .maxLength: "maxPasswordLength"
        case .lowercase: "containsLowercaseCharacter"
        case .uppercase: "containsUppercaseCharacter"
        case .numeric: "containsNumericCharacter"
        case .symbol: "containsNonAlphanumericCharacter"
        }
    }

    /// What the policy requires: a length, or `true`.
    package var required: JSONValue {
        switch rule {
        case .minLength(let length), .maxLength(let length): .number(Double(length))
        case .lowercase, .uppercase, .numeric, .symbol: true
        }
    }

    /// The requirement in words (`at least 8 characters`).
    package var summary: String {
        switch rule {
        case .minLength(let length): "at least \(length) characters"
        case .maxLength(let length): "at most \(length) characters"
        case .lowercase: "a lower case letter (a-z)"
        case .uppercase: "an upper case letter (A-Z)"
        case .numeric: "a digit (0-9)"
        case .symbol(let symbols): "a symbol (one of \(String(symbols.sorted())))"
        }
    }

    /// `{"rule", "required", "met"}`.
    package var jsonObject: JSONValue {
        ["rule": .string(name), "required": required, "met": .bool(met)]
    }
}
