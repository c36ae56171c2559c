import FauthJSON

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
}
