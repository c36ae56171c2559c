import FauthCore
import FauthJSON
import FauthText

/// The command that finishes a sign-in stopped for a second factor, as the exit-9 error names it: in the JSON
/// error's `mfa.next`, and in the text hint with the factors to choose from.
enum MFANextStep {
    /// `fauth <words>` with the `--profile` and `--session` of this command line, quoted for a shell where needed.
    static func command(_ words: String, arguments: ParsedArguments) -> String {
        var command = "fauth " + words
        for option in [GlobalOptions.profile, GlobalOptions.session] {
            if let value = arguments.value(option) { command += " --\(option.name) \(shellQuoted(value))" }
        }
        return command
    }

    /// The command that finishes `error` when it is `second-factor-required` with its factors listed (the JSON
    /// error's `mfa.next`); nil for any other error.
    static func next(for error: FauthError, arguments: ParsedArguments) -> String? {
        guard error.code == .secondFactorRequired, let factors = error.secondFactor?.factors else { return nil }
        return command(verifyWords(factors), arguments: arguments)
    }

    /// The text hint: `next`, and the factors when there is a choice.
    static func hint(for error: FauthError, next: String?) -> String? {
        guard let next else { return nil }
        let factors = error.secondFactor?.factors ?? []
        return "finish with '\(next)'" + (factors.count > 1 ? "; factors: \(MFAText.factorList(factors))" : "")
    }

    /// `mfa verify --code CODE` for one TOTP factor, `mfa verify` for one phone factor (it sends the SMS code),
    /// `mfa verify --factor ID` for a choice.
    private static func verifyWords(_ factors: [MFAEnrollment]) -> String {
        guard factors.count == 1 else { return "mfa verify --factor ID" }
        return factors[0].isTOTP ? "mfa verify --code CODE" : "mfa verify"
    }

    /// `value` as it is when it holds only safe characters, else in single quotes.
    private static func shellQuoted(_ value: String) -> String {
        let safe =
            !value.isEmpty
            && value.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "/._-+:@,=".unicodeScalars.contains(scalar))
            }
        return safe ? value : "'" + value.replacingAll("'", with: "'\\''") + "'"
    }
}
