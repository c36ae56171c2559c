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
