import FauthCore
import FauthText

/// The command reference made from the command declarations: the man page's COMMANDS, COMMAND OPTIONS and GLOBAL
/// OPTIONS sections and `docs/cli.md`.
/// `scripts/generate-reference` writes them through the unlisted `fauth __generate-reference`; a test fails when the
/// committed files differ.
enum ReferenceText {
    /// The word of the unlisted command that prints them.
    static let commandWord = "__generate-reference"

    /// `fauth __generate-reference markdown` prints docs/cli.md; `fauth __generate-reference man < man/fauth.1`
    /// prints the man page read from stdin with its generated part made again. Anything else is `usage`.
    static func run(_ arguments: [String], context: CLIContext) throws -> String {
        switch arguments {
        case ["markdown"]:
            return markdown()
        case ["man"]:
            let page = try context.readInput(1 << 20).map { String(decoding: $0, as: UTF8.self) }
            guard let page, let made = manPage(replacingGeneratedPartOf: page) else {
                throw FauthError.usage("\(commandWord) man reads a man page with its markers on stdin")
            }
            return made
        default:
            throw FauthError.usage("\(commandWord) takes markdown, or man with the man page on stdin")
        }
    }

    /// The line before the man page's generated sections.
    static let manBegin = #".\" BEGIN GENERATED: edit the command declarations and run scripts/generate-reference"#
    /// The line after them.
    static let manEnd = #".\" END GENERATED"#

    /// `page` with what lies between its markers replaced by the generated sections; nil without both markers.
    static func manPage(replacingGeneratedPartOf page: String) -> String? {
        guard let begin = page.firstRange(ofText: manBegin + "\n"), let end = page.firstRange(ofText: manEnd + "\n"),
            begin.upperBound <= end.lowerBound
        else { return nil }
        return String(page[..<begin.upperBound]) + manSections() + String(page[end.lowerBound...])
    }

    /// The generated sections in roff: COMMANDS (each command's usage, summary and help), COMMAND OPTIONS (each
    /// option once, with the commands that take it, its help and details) and GLOBAL OPTIONS.
    static func manSections() -> String {
        var lines = [".SH COMMANDS"]
        for command in CommandCatalog.everyCommand.map(\.spec) {
            lines.append(".SS \"\(roff(command.name))\"")
            lines += command.usage.flatMap { [".B fauth \(roffArgument(roff($0)))", ".br"] }
            lines += [".PP", roff(command.summary)]
            lines += paragraphs(command.details).flatMap { [".PP", roff($0)] }
        }
        lines += [".SH COMMAND OPTIONS", roff(commandOptionsIntro)]
        lines += commandOptions().flatMap(manOption)
        lines += [".SH GLOBAL OPTIONS", roff(GlobalOptions.syntax)]
        lines += CommandCatalog.globalOptions.flatMap { manOption([OptionUse(commands: [], option: $0)]) }
        lines += [".PP", roff(GlobalOptions.precedence)]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The sentence before the command options.
    static let commandOptionsIntro =
        "Each option once, with the commands that take it; fauth help COMMAND lists one command's."

    /// One declaration of a command option and the commands that take it as declared.
    struct OptionUse: Equatable {
        /// The commands' names (`signin`, `mfa enroll`), in catalogue order.
        var commands: [String]
        /// The declaration they share.
        let option: OptionSpec
    }

    /// Every command option by long name, in the order the catalogue first names it: each declaration of that name
    /// with the commands that take it (`--email` of signin and of update differ in help).
    static func commandOptions() -> [[OptionUse]] {
        var names: [String] = []
        var uses: [String: [OptionUse]] = [:]
        for command in CommandCatalog.everyCommand.map(\.spec) {
            for option in command.options {
                if uses[option.name] == nil { names.append(option.name) }
                if let index = uses[option.name, default: []].firstIndex(where: { $0.option == option }) {
                    uses[option.name]?[index].commands.append(command.name)
                } else {
                    uses[option.name, default: []].append(OptionUse(commands: [command.name], option: option))
                }
            }
        }
        return names.compactMap { uses[$0] }
    }

    /// `docs/cli.md`: every command with its usage, options and help, and the global options.
    static func markdown() -> String {
        var lines = [
            "# fauth command reference",
            "",
            "Generated from the command declarations in `Sources/FauthCLI` by `scripts/generate-reference`;",
            "do not edit.",
            "`fauth help COMMAND` prints the same pages; `man fauth` adds output, exit status, environment and files.",
            "",
            "## Global options",
            "",
            GlobalOptions.syntax,
        ]
        lines += CommandCatalog.globalOptions.flatMap { markdownOption(OptionUse(commands: [], option: $0)) }
        lines += ["", GlobalOptions.precedence, "", "## Commands"]
        for command in CommandCatalog.everyCommand.map(\.spec) {
            lines += ["", "### fauth \(command.name)", "", command.summary, "", "```"]
            lines += command.usage.map { "fauth " + $0 }
            lines.append("```")
            if !command.options.isEmpty { lines += [""] + command.options.map { "- `\($0.synopsis)`: \($0.help)" } }
            for paragraph in paragraphs(command.details) { lines += ["", paragraph] }
        }
        lines += ["", "## Command options", "", commandOptionsIntro]
        lines += commandOptions().joined().flatMap(markdownOption)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One option's entry: its name, then for each declaration the commands, the help line and the details not
    /// already given.
    private static func manOption(_ uses: [OptionUse]) -> [String] {
        guard let option = uses.first?.option else { return [] }
        let long = "\\-\\-" + roff(option.name)
        let name = option.short.map { "\\-\($0), \(long)" } ?? long
        let head = option.valueName.map { ".BI \"\(name)\" \" \(roffArgument(roff($0)))\"" } ?? ".B \"\(name)\""
        var lines = [".TP", head]
        var given: [String] = []
        for use in uses {
            if lines.count > 2 { lines.append(".IP") }
            lines.append(roff(prefixed(use)))
            for paragraph in paragraphs(use.option.details) where !given.contains(paragraph) {
                given.append(paragraph)
                lines += [".IP", roff(paragraph)]
            }
        }
        return lines
    }

    /// A bullet with the option's synopsis, its commands and help line, then its details indented under it.
    private static func markdownOption(_ use: OptionUse) -> [String] {
        let commands = use.commands.isEmpty ? "" : " (\(use.commands.joined(separator: ", ")))"
        let details = paragraphs(use.option.details).flatMap { ["", "  " + $0.replacingAll("\n", with: "\n  ")] }
        return ["", "- `\(use.option.synopsis)`\(commands): \(use.option.help)"] + details
    }

    /// The help line after the names of the commands that take the option (none for a global one).
    private static func prefixed(_ use: OptionUse) -> String {
        use.commands.isEmpty ? use.option.help : use.commands.joined(separator: ", ") + ": " + use.option.help
    }

    private static func paragraphs(_ text: String) -> [String] {
        // Blank lines part paragraphs (split by characters: fauth links nothing from _StringProcessing).
        var paragraphs: [String] = []
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) + [Substring()] {
            if !line.isEmpty {
                lines.append(line)
            } else if !lines.isEmpty {
                paragraphs.append(lines.joined(separator: "\n"))
                lines = []
            }
        }
        return paragraphs
    }

    /// Text as roff prints it: backslashes and hyphens escaped, other than ASCII as named glyphs, a line never
    /// starting with a control character.
    static func roff(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "\u{2026}": result += "..."
            case _ where !scalar.isASCII: result += "\\[u" + hex(scalar.value) + "]"
            default: result.unicodeScalars.append(scalar)
            }
        }
        let lines = result.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Four or more uppercase hexadecimal digits, as groff names a Unicode character (`\[u00E9]`).
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Roff text safe inside a quoted macro argument.
    private static func roffArgument(_ text: String) -> String {
        text.replacingAll("\"", with: "\\(dq")
    }
}
