/// What shell completion offers for an option's value or a positional argument.
package enum ValueCompletion: String, Sendable {
    case none, file, profile, provider, hostPort
    /// A provider id a user can have linked (`unlink`).
    case linkedProvider
    /// A command name (`help`).
    case command
    /// A shell fauth writes completions for (`completion`).
    case shell
    /// A subcommand's word (`mfa verify`).
    case subcommand
}

/// One command-line option: its long name, optional short letter, value, help line and longer details.
package struct OptionSpec: Sendable, Equatable {
    /// The long name without the leading `--` (`email`).
    package let name: String
    /// The one-letter short form (`v` for `-v`), if any.
    package let short: Character?
    /// The placeholder of the value (`EMAIL`), or nil for a flag.
    package let valueName: String?
    /// The one-line help text (`--help`).
    package let help: String
    /// What the man page and docs/cli.md add after the help line (blank lines part paragraphs); often empty.
    package let details: String
    /// What completion offers for the value.
    package let completion: ValueCompletion
    /// Whether the option may be given more than once, each value kept (`--scope A --scope B`).
    package let isRepeatable: Bool

    /// Makes an option.
    package init(
        _ name: String, short: Character? = nil, value: String? = nil, completion: ValueCompletion = .none,
        repeatable: Bool = false, help: String, details: String = ""
    ) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
        self.details = details
        self.completion = completion
        self.isRepeatable = repeatable
    }

    /// Whether the option takes a value.
    package var takesValue: Bool { valueName != nil }

    /// The same option with the help line and details one command gives it (`--email` of `update` changes the
    /// email).
    package func described(_ help: String, details: String = "") -> OptionSpec {
        OptionSpec(
            name, short: short, value: valueName, completion: completion, repeatable: isRepeatable, help: help,
            details: details)
    }

    /// How the option is written in help: `-v, --verbose` or `--email EMAIL`.
    package var synopsis: String {
        let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
        return short.map { "-\($0), \(long)" } ?? long
    }
}
