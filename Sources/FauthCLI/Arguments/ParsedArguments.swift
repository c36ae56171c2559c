import FauthCore

/// A command line split into the command, option values and positional arguments, checked against the catalogue.
/// Options are read by their declarations (`arguments.value(GlobalOptions.profile)`), never by a name written out.
package struct ParsedArguments: Sendable, Equatable {
    /// The command word, or nil when none was given.
    package var command: String?
    /// Positional arguments after the command.
    package var arguments: [String] = []
    /// Option values by long name (flags map to an empty string), read only through the declarations.
    private var options: [String: String] = [:]
    /// Every value of the repeatable options, in order (`options` holds the last).
    private var repeatedValues: [String: [String]] = [:]

    /// Makes an empty one, for the parser to fill.
    package init() {}

    /// Records `value` (empty for a flag) for `option`; a second, different value of an option that is not
    /// repeatable is `usage`.
    mutating func record(_ option: OptionSpec, value: String) throws(FauthError) {
        if option.isRepeatable {
            repeatedValues[option.name, default: []].append(value)
        } else if let previous = options[option.name], previous != value {
            throw FauthError.usage("option --\(option.name) is given twice with different values")
        }
        options[option.name] = value
    }

    /// Whether the flag or option was given.
    package func has(_ option: OptionSpec) -> Bool { options[option.name] != nil }

    /// The value of an option, if given.
    package func value(_ option: OptionSpec) -> String? { options[option.name] }

    /// Every value a repeatable option was given, in order (empty when not given).
    package func values(_ option: OptionSpec) -> [String] { repeatedValues[option.name] ?? [] }
}
