import FauthBuild
import FauthCore

/// The `--help` and `fauth help` pages, made from the command catalogue so they cannot drift from the parser.
package enum HelpText {
    /// The version string printed by `--version`.
    package static let version = "fauth \(FauthVersion.current)"

    /// The overview: usage, commands, global options, exit status.
    package static func overview() -> String {
        var lines = [
            "fauth: a scriptable command-line client for Firebase Authentication.",
            "",
            "Usage: fauth [GLOBAL OPTIONS] COMMAND [OPTIONS]",
            "",
            "Commands:",
        ]
        let specs = CommandCatalog.commands.map(\.spec)
        let width = specs.map(\.name.count).max() ?? 0
        for command in specs {
            lines.append("  " + pad(command.name, to: width) + "  " + command.summary)
        }
        lines += ["", "Global options:"] + optionLines(CommandCatalog.globalOptions)
        lines += [
            "",
            "Exit status: 0 success, 1 failed, 2 usage, 3 cancelled, 4 sign-in required, 5 recent sign-in required,",
            "6 credentials rejected, 7 conflict with another account, 8 input rejected, 9 second factor required,",
            "10 temporary (retry later), 11 configuration, 12 session file, 129 hung up (SIGHUP),",
            "130 interrupted (Ctrl-C), 131 quit (Ctrl-\\), 143 terminated.",
            "",
            "Run 'fauth help COMMAND' for a command's options; 'man fauth' for everything.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The page of one command: usage lines, its subcommands and options, details, and a pointer to the global
    /// options.
    static func page(for command: any Command) -> String {
        var lines = [command.spec.summary, ""]
        let subcommands = command.subcommands.map(\.spec)
        let command = command.spec
        for (index, usage) in command.usage.enumerated() {
            lines.append((index == 0 ? "Usage: " : "       ") + "fauth " + usage)
        }
        if !subcommands.isEmpty {
            let width = subcommands.map(\.name.count).max() ?? 0
            lines += ["", "Subcommands:"] + subcommands.map { "  " + pad($0.name, to: width) + "  " + $0.summary }
        }
        if !command.options.isEmpty {
            lines += ["", "Options:"] + optionLines(command.options)
        }
        if !command.details.isEmpty {
            lines += [""] + wrap(command.details, width: 100)
        }
        lines += [
            "",
            "Global options (see 'fauth --help'): "
                + CommandCatalog.globalOptions.map { "--\($0.name)" }.joined(separator: " "),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func optionLines(_ options: [OptionSpec]) -> [String] {
        let width = options.map(\.synopsis.count).max() ?? 0
        return options.map { "  " + pad($0.synopsis, to: width) + "  " + $0.help }
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func wrap(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph -> [String] in
            var lines: [String] = []
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
            return lines
        }
    }
}
