/// A command line split into the command, option values and positional arguments, checked against the catalogue.
/// Options are read by their declarations (`arguments.value(GlobalOptions.profile)`), never by a name written out.
public struct ParsedArguments: Sendable, Equatable {
    /// The command word, or nil when none was given.
    public var command: String?
    /// Option values by long name (flags map to an empty string).
    public var options: [String: String] = [:]
    /// Positional arguments after the command.
    public var arguments: [String] = []
    /// Every value of the repeatable options, in order (`options` holds the last).
    public var repeatedValues: [String: [String]] = [:]

    /// Whether the flag or option was given.
    public func has(_ option: OptionSpec) -> Bool { options[option.name] != nil }

    /// The value of an option, if given.
    public func value(_ option: OptionSpec) -> String? { options[option.name] }

    /// Every value a repeatable option was given, in order (empty when not given).
    public func values(_ option: OptionSpec) -> [String] { repeatedValues[option.name] ?? [] }
}
