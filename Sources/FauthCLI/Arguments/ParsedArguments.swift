import FauthCore

/// A command line split into the command, option values and positional arguments, checked against the catalogue.
/// Options are read by their declarations (`arguments.value(GlobalOptions.profile)`), never by a name written out.
package struct ParsedArguments: Sendable, Equatable {
    /// The command word, or nil when none was given.
    package var command: String?
    /// Positional arguments after the command.
    package var arguments: [String] = []
    /// Every option given, in order, by long name with its value (empty for a flag), read only through the
    /// declarations. A command line gives a handful, so a list searched from its end does; a dictionary keyed by
    /// String would cost each command a scan of every protocol conformance record (docs/performance.md).
    private var given: [GivenOption] = []

    /// One option as given: its long name and its value.
    private struct GivenOption: Sendable {
        let name: String
        let value: String
    }

    /// Makes an empty one, for the parser to fill.
    package init() {}

    /// Records `value` (empty for a flag) for `option`; a second, different value of an option that is not
    /// repeatable is `usage`.
    mutating func record(_ option: OptionSpec, value: String) throws(FauthError) {
        if !option.isRepeatable, let previous = self.value(option) {
            guard previous == value else {
                throw FauthError.usage("option --\(option.name) is given twice with different values")
            }
            return
        }
        given.append(GivenOption(name: option.name, value: value))
    }

    /// Whether the flag or option was given.
    package func has(_ option: OptionSpec) -> Bool { given.contains { $0.name == option.name } }

    /// The value of an option (the last one given, for a repeatable one), if given.
    package func value(_ option: OptionSpec) -> String? { given.last { $0.name == option.name }?.value }

    /// Every value a repeatable option was given, in order (empty when not given).
    package func values(_ option: OptionSpec) -> [String] { values(named: option.name) }

    private func values(named name: String) -> [String] { given.filter { $0.name == name }.map(\.value) }

    /// Two command lines parse the same when they name the same command and arguments and give each option the same
    /// values in the same order, wherever on the line (before or after the command) each option was.
    package static func == (lhs: ParsedArguments, rhs: ParsedArguments) -> Bool {
        lhs.command == rhs.command && lhs.arguments == rhs.arguments && lhs.given.count == rhs.given.count
            && lhs.given.allSatisfy { lhs.values(named: $0.name) == rhs.values(named: $0.name) }
    }
}
