import FauthCore
import Foundation
import Testing

@testable import FauthCLI

/// Keeps the command-line contract (docs/design/cli.md), the error contract (docs/design/errors.md), README.md,
/// man/fauth.1's hand-written sections and --help in step with the command catalogue and error codes: a command,
/// option or code added to the code and not to the docs fails here. (The generated reference — the man page's
/// COMMANDS section, docs/cli.md, completions/ — is checked by GeneratedReferenceTests.)
@Suite struct DocumentationDriftTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static var allOptions: [OptionSpec] {
        CommandCatalog.globalOptions + CommandCatalog.everyCommand.flatMap(\.spec.options)
    }

    @Test func everyCommandAndOptionIsInTheCommandLineContract() throws {
        let contract = try Self.text("docs/design/cli.md")
        for command in CommandCatalog.commands.map(\.spec) {
            #expect(contract.contains("`\(command.name)"), "docs/design/cli.md lacks command \(command.name)")
        }
        for option in Self.allOptions {
            #expect(contract.contains("--\(option.name)"), "docs/design/cli.md lacks --\(option.name)")
        }
    }

    /// docs/design/errors.md lists every code once, in a table row `| `code` | exit | `NAME` | number |`, with the
    /// code's exit status and the SDK's name and number (— for fauth's own codes), and no code the code lacks.
    @Test func everyErrorCodeIsInTheErrorContractWithItsExitStatusNameAndNumber() throws {
        let contract = try Self.text("docs/design/errors.md")
        var documented: [String: [String]] = [:]
        for line in contract.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, cells[0].hasPrefix("`"), cells[0].hasSuffix("`"), Int32(cells[1]) != nil else {
                continue
            }
            let code = String(cells[0].dropFirst().dropLast())
            #expect(documented[code] == nil, "docs/design/errors.md lists \(code) twice")
            documented[code] = Array(cells[1...])
        }
        for code in ErrorCode.allCases {
            let expected = [
                String(code.exitStatus), code.name.map { "`\($0)`" } ?? "—", code.number.map(String.init) ?? "—",
            ]
            #expect(
                documented[code.rawValue] == expected,
                "docs/design/errors.md: \(code.rawValue) should read \(expected)")
        }
        let unknown = Set(documented.keys).subtracting(ErrorCode.allCases.map(\.rawValue))
        #expect(unknown.isEmpty, "docs/design/errors.md lists codes fauth does not have: \(unknown.sorted())")
    }

    /// README is read in five minutes: at most 12 KB (issue 27); the rest lives in docs/.
    @Test func theReadmeIsAtMost12KB() throws {
        let size = try Self.text("README.md").utf8.count
        #expect(size > 2_000, "README.md is \(size) bytes")
        #expect(size <= 12 * 1024, "README.md is \(size) bytes, over 12 KB: move a guide to docs/")
    }

    /// README's exit status table names every exit status a failure can have, as --help does.
    @Test func theReadmeNamesEveryExitStatus() throws {
        let readme = try Self.text("README.md")
        for category in ExitCategory.allCases {
            #expect(readme.contains("| \(category.exitStatus) |"), "README.md lacks exit status \(category.exitStatus)")
        }
    }

    @Test func everyErrorCodeIsInTheManPageUnderItsExitStatus() throws {
        let man = try Self.text("man/fauth.1")
        let exitSection = man.components(separatedBy: ".SH EXIT STATUS")[1].components(separatedBy: ".SH ERRORS")[0]
        let groups = exitSection.components(separatedBy: ".TP\n.B ").dropFirst()
        var documented: [String: Int32] = [:]
        for group in groups {
            let status = Int32(group.prefix { $0.isNumber }) ?? -1
            for match in group.components(separatedBy: "\\fB").dropFirst() {
                documented[String(match.prefix { $0 != "\\" })] = status
            }
        }
        for code in ErrorCode.allCases {
            #expect(
                documented[code.rawValue] == code.exitStatus,
                "man/fauth.1 EXIT STATUS: \(code.rawValue) should be under \(code.exitStatus)")
        }
    }

    @Test func helpListsEveryCommandAndEachPageItsOptions() {
        let overview = HelpText.overview()
        for command in CommandCatalog.commands {
            #expect(overview.contains("  \(command.spec.name) "))
        }
        for command in CommandCatalog.everyCommand {
            let page = HelpText.page(for: command)
            for option in command.spec.options {
                #expect(page.contains("--\(option.name)"))
            }
        }
        for option in CommandCatalog.globalOptions {
            #expect(overview.contains("--\(option.name)"))
        }
    }

    /// `fauth --help` names every exit status a failure can have (checked by emptying the 143 entry).
    @Test func helpNamesEveryExitStatus() {
        let statusLines = HelpText.overview().components(separatedBy: "Exit status:")[1].components(
            separatedBy: "\n\n")[0]
        let named = Set(statusLines.split { !$0.isNumber }.compactMap { Int32($0) })
        for category in ExitCategory.allCases {
            #expect(named.contains(category.exitStatus), "--help lacks exit status \(category.exitStatus)")
        }
    }

    @Test func everyEnvironmentVariableTheSourcesNameIsInTheManPage() throws {
        let man = try Self.text("man/fauth.1")
        let pattern = try Regex(#""((FAUTH|FIREBASE|XDG)_[A-Z_]+)""#)
        var variables: Set<String> = []
        for folder in ["Sources/FauthCore", "Sources/FauthCLI"] {
            let enumerator = FileManager.default.enumerator(atPath: Self.root.appendingPathComponent(folder).path)
            while let file = enumerator?.nextObject() as? String {
                guard file.hasSuffix(".swift") else { continue }
                let source = try Self.text("\(folder)/\(file)")
                for match in source.matches(of: pattern) {
                    variables.insert(String(source[match.range].dropFirst().dropLast()))
                }
            }
        }
        #expect(variables.contains("FAUTH_PASSWORD") && variables.contains("FIREBASE_AUTH_EMULATOR_HOST"))
        for variable in variables {
            #expect(
                man.contains(".B \(variable)") || man.contains(".BR \(variable)"),
                "man/fauth.1 ENVIRONMENT lacks \(variable)")
        }
    }
}

@Suite struct CommandCatalogTests {
    @Test func everyCommandHasItsOwnNameAndTheParserFindsIt() throws {
        let names = CommandCatalog.commands.map(\.spec.name)
        #expect(Set(names).count == names.count, "two commands share a name: \(names)")
        for name in names {
            #expect(try ArgumentParser.parse([name]).command == name)
        }
    }

    /// The catalog finds a command by its type's name without building any spec: each type's name must be its
    /// spec's, and the lookup must answer every command and subcommand with its own type (and nothing else).
    @Test func theLookupByNameFindsEveryCommandAndSubcommandAsItself() {
        for command in CommandCatalog.everyCommand {
            let name = command.spec.name
            let commandType = type(of: command)
            let typeName = commandType.name
            #expect(typeName == name)
            let found = CommandCatalog.command(named: name).map { ObjectIdentifier(type(of: $0)) }
            #expect(found == ObjectIdentifier(commandType), "'\(name)' finds another command or none")
        }
        let typeNames = CommandCatalog.commandTypes.map { $0.name }
        #expect(typeNames == CommandCatalog.commands.map(\.spec.name))
        for unknown in ["", "tokens", "mfa nothing", "token claims", " token", "verify"] {
            let found = CommandCatalog.command(named: unknown).map { ObjectIdentifier(type(of: $0)) }
            #expect(found == nil, "'\(unknown)' is no command")
        }
    }
}
