import Foundation
import Testing

@testable import FauthCLI

/// The reference the repository holds is what the command declarations make: man/fauth.1's generated COMMANDS,
/// COMMAND OPTIONS and GLOBAL OPTIONS sections, docs/cli.md and completions/. After changing a command, run
/// scripts/generate-reference.
@Suite struct GeneratedReferenceTests {
    static func text(_ path: String) throws -> String {
        try DocumentationDriftTests.text(path)
    }

    /// `name` with its hyphens escaped for roff.
    static func roffName(_ name: String) -> String {
        name.replacingOccurrences(of: "-", with: "\\-")
    }

    @Test func theManPagesGeneratedSectionIsTheDeclarations() throws {
        let page = try Self.text("man/fauth.1")
        let made = try #require(ReferenceText.manPage(replacingGeneratedPartOf: page), "man/fauth.1 lacks its markers")
        #expect(made == page, "man/fauth.1 differs from the declarations: run scripts/generate-reference")
    }

    @Test func theCommandReferenceIsTheDeclarations() throws {
        #expect(try Self.text("docs/cli.md") == ReferenceText.markdown(), "run scripts/generate-reference")
    }

    @Test func theCompletionFilesAreTheGeneratedScripts() throws {
        #expect(try Self.text("completions/fauth.bash") == CompletionScript.script(for: "bash"))
        #expect(try Self.text("completions/_fauth") == CompletionScript.script(for: "zsh"))
        #expect(try Self.text("completions/fauth.fish") == CompletionScript.script(for: "fish"))
    }

    /// The generated sections hold every command, subcommand and option, and every paragraph of its details.
    @Test func theGeneratedReferenceNamesEveryCommandAndOption() {
        let man = ReferenceText.manSections()
        let markdown = ReferenceText.markdown()
        for command in CommandCatalog.everyCommand.map(\.spec) {
            #expect(man.contains(".SS \"\(Self.roffName(command.name))\""))
            #expect(markdown.contains("### fauth \(command.name)\n"))
            for option in command.options {
                #expect(man.contains(".B\(option.takesValue ? "I" : "") \"\\-\\-\(Self.roffName(option.name))\""))
                #expect(markdown.contains("`\(option.synopsis)`"))
            }
        }
        for option in CommandCatalog.globalOptions {
            #expect(markdown.contains("`\(option.synopsis)`"))
        }
        let options = CommandCatalog.everyCommand.flatMap(\.spec.options) + CommandCatalog.globalOptions
        let paragraphs =
            [GlobalOptions.syntax, GlobalOptions.precedence]
            + options.flatMap { $0.details.split(separator: "\n").map(String.init) }
        for paragraph in paragraphs {
            #expect(man.contains(ReferenceText.roff(paragraph)), "man/fauth.1 lacks: \(paragraph)")
            #expect(markdown.contains(paragraph), "docs/cli.md lacks: \(paragraph)")
        }
    }

    /// An option's details are the man page's and docs/cli.md's, never `--help`'s one line per option.
    @Test func helpKeepsOneLinePerOption() {
        let page = HelpText.page(for: SignIn())
        #expect(page.contains("--provider ID"))
        #expect(!CredentialOptions.provider.details.isEmpty && !page.contains("The tokens each takes"))
    }

    /// Roff's control characters in a declaration's text cannot break the page, and it is ASCII (groff reads it
    /// without a preprocessor).
    @Test func roffTextIsEscaped() {
        let page = ReferenceText.manSections()
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(!page.split(separator: "\n").contains { $0.hasPrefix("'") })
        #expect(page.contains("\\-\\-email"))
        #expect(!page.contains(" --"), "an unescaped option in the generated man text")
    }
}
