/// A rule between the options of a command that the parser checks after reading the command line, before the
/// command runs; each kind of rule has one message.
package enum OptionConstraint: Sendable {
    /// Options from two different sets do not go together (options within one set may).
    case exclusive([[OptionSpec]])
    /// The option goes only with at least one of the others.
    case requires(OptionSpec, anyOf: [OptionSpec])

    /// At most one of `options`.
    package static func oneOf(_ options: [OptionSpec]) -> OptionConstraint {
        .exclusive(options.map { [$0] })
    }

    /// Each of `options` goes only with at least one of `others`.
    package static func each(_ options: [OptionSpec], requires others: [OptionSpec]) -> [OptionConstraint] {
        options.map { .requires($0, anyOf: others) }
    }

    /// The usage message when `parsed` breaks the rule, else nil: `--B does not go with --A` (A from the earlier
    /// set) or `--A goes with --B or --C`.
    func violation(in parsed: ParsedArguments) -> String? {
        switch self {
        case .exclusive(let sets):
            let given = sets.compactMap { $0.first(where: parsed.has) }
            guard given.count > 1 else { return nil }
            return "--\(given[1].name) does not go with --\(given[0].name)"
        case .requires(let option, let others):
            guard parsed.has(option), !others.contains(where: parsed.has) else { return nil }
            return "--\(option.name) goes with " + others.map { "--\($0.name)" }.joined(separator: " or ")
        }
    }
}
