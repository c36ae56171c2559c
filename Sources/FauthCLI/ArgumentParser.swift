import FauthCore

/// Splits argv by the catalogue's rules: global options before or after the command, `--name=value` and
/// `--name value` (a value starting with `-` only in the first form), bundled short flags, `--` ending options
/// (positional arguments may start with `-` after it), and an error with a suggestion for anything unknown.
package enum ArgumentParser {
    /// Parses the arguments after the program name.
    package static func parse(_ arguments: [String]) throws(FauthError) -> ParsedArguments {
        var parsed = ParsedArguments()
        try parse(arguments, into: &parsed)
        return parsed
    }

    /// Parses the arguments after the program name into `parsed`, which keeps what was read before a failure
    /// (the command word, whose help a usage error points to). Returns the command or subcommand the line names, as
    /// made to read its spec, so that the run does not make it again.
    @discardableResult
    static func parse(_ arguments: [String], into parsed: inout ParsedArguments) throws(FauthError)
        -> (any Command)?
    {
        var named: (any Command)?
        var spec: CommandSpec?
        var subcommands: [any Command] = []
        var remaining = arguments[...]
        var optionsEnded = false

        while let argument = remaining.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                if parsed.command == nil {
                    guard let command = CommandCatalog.command(named: argument) else {
                        throw unknownCommand(argument)
                    }
                    parsed.command = argument
                    named = command
                    spec = command.spec
                    subcommands = command.subcommands
                } else if let parent = parsed.command, !subcommands.isEmpty {
                    guard let command = subcommands.first(where: { $0.spec.name == "\(parent) \(argument)" }) else {
                        let words = subcommands.map { $0.spec.name.dropFirst(parent.count + 1) }.joined(separator: ", ")
                        throw FauthError.usage("unknown \(parent) subcommand '\(argument)'; use one of: \(words)")
                    }
                    parsed.command = command.spec.name
                    named = command
                    spec = command.spec
                    subcommands = command.subcommands
                } else {
                    parsed.arguments.append(argument)
                }
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
                guard let option = CommandCatalog.globalOption(named: name) ?? spec?.option(named: name) else {
                    throw unknownOption("--\(name)", command: spec, subcommands: subcommands)
                }
                try record(option, inlineValue: inlineValue, from: &remaining, into: &parsed, command: spec)
            } else {
                var letters = argument.dropFirst()
                while let letter = letters.popFirst() {
                    guard let option = CommandCatalog.globalOption(short: letter) else {
                        throw unknownOption("-\(letter)", command: spec, subcommands: subcommands)
                    }
                    let inline = option.takesValue && !letters.isEmpty ? String(letters) : nil
                    try record(option, inlineValue: inline, from: &remaining, into: &parsed, command: spec)
                    if inline != nil { break }
                }
            }
        }
        if let spec, parsed.arguments.count > spec.arguments.count {
            let extra = parsed.arguments[spec.arguments.count]
            throw FauthError.usage("unexpected argument '\(extra)'")
        }
        // Help and the version are shown whatever else the line holds.
        let showsPage = parsed.has(GlobalOptions.help) || parsed.has(GlobalOptions.version)
        if !showsPage, let message = spec?.constraintViolation(in: parsed) {
            throw FauthError.usage(message)
        }
        return named
    }

    private static func record(
        _ option: OptionSpec, inlineValue: String?, from remaining: inout ArraySlice<String>,
        into parsed: inout ParsedArguments, command: CommandSpec?
    ) throws(FauthError) {
        let value: String
        if option.takesValue {
            // The next word is the value unless it is an option: `--email --json` lacks an email (write
            // `--email=-x` for a value that starts with '-').
            let needsValue = "option --\(option.name) needs a value (\(option.valueName ?? "VALUE"))"
            if let inlineValue {
                value = inlineValue
            } else if let next = remaining.first, next == "-" || !next.hasPrefix("-") {
                value = next
                remaining.removeFirst()
            } else if let next = remaining.first {
                throw FauthError.usage(
                    needsValue
                        + ", not the option '\(next)'; write --\(option.name)=\(next) for a value that starts with '-'")
            } else {
                throw FauthError.usage(needsValue)
            }
        } else {
            guard inlineValue == nil else {
                throw FauthError.usage("option --\(option.name) takes no value")
            }
            value = ""
        }
        try parsed.record(option, value: value)
    }

    private static func unknownCommand(_ word: String) -> FauthError {
        let suggestion = Suggestion.closest(to: word, among: CommandCatalog.commandTypes.map { $0.name })
        return FauthError.usage("unknown command '\(word)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }

    /// The error for an option neither global nor `command`'s; one that a command (or one of `subcommands`) has is
    /// shown where it belongs.
    private static func unknownOption(_ written: String, command: CommandSpec?, subcommands: [any Command])
        -> FauthError
    {
        if written == "--password" || written == "-p" {
            return FauthError.usage(
                "passwords are not taken on the command line; use --password-stdin, --password-file FILE or FAUTH_PASSWORD"
            )
        }
        let known = CommandCatalog.globalOptions + (command?.options ?? [])
        let name = written.drop { $0 == "-" }
        var message = "unknown option '\(written)'"
        if let suggestion = Suggestion.closest(to: String(name), among: known.map(\.name)) {
            message += "; did you mean '--\(suggestion)'?"
        } else if command == nil || !subcommands.isEmpty,
            let owner = (command == nil ? CommandCatalog.commands : subcommands)
                .first(where: { $0.spec.option(named: String(name)) != nil })
        {
            message += "; it belongs after a command, e.g. 'fauth \(owner.spec.name) \(written)'"
        }
        return FauthError.usage(message)
    }
}
