/// What a command looks like from outside: its name, usage lines, options and help text. Each `Command` holds
/// its own; they drive parsing, help, completions, and the tests that keep the man page and docs/design/cli.md in
/// step.
package struct CommandSpec: Sendable {
    /// The command word (`signin`).
    package let name: String
    /// One line saying what it does.
    package let summary: String
    /// Usage lines after `fauth ` (`signin --email EMAIL [--password-stdin | --password-file FILE]`).
    package let usage: [String]
    /// The options this command accepts besides the global ones.
    package let options: [OptionSpec]
    /// The rules between its options (and global ones) that the parser checks before the command runs.
    package let constraints: [OptionConstraint]
    /// The positional arguments it takes: their names, for help and completion.
    package let arguments: [String]
    /// What completion offers for the positional argument.
    package let argumentCompletion: ValueCompletion
    /// Longer help: paragraphs shown after the option list.
    package let details: String

    /// Makes a command spec.
    package init(
        _ name: String, summary: String, usage: [String], options: [OptionSpec] = [],
        constraints: [OptionConstraint] = [], arguments: [String] = [], argumentCompletion: ValueCompletion = .none,
        details: String = ""
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.options = options
        self.constraints = constraints
        self.arguments = arguments
        self.argumentCompletion = argumentCompletion
        self.details = details
    }

    /// The option with this long name, if the command has it.
    package func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// The message of the first constraint `parsed` breaks, if any.
    func constraintViolation(in parsed: ParsedArguments) -> String? {
        constraints.lazy.compactMap { $0.violation(in: parsed) }.first
    }
}
