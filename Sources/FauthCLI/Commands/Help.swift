import FauthCore

/// `fauth help [COMMAND]` and `COMMAND --help`: the overview or a command's page, as text even with `--json`.
struct Help: Command {
    /// The command word.
    static let name = "help"

    let spec = CommandSpec(
        Self.name, summary: "Show help for fauth or for a command.",
        usage: ["help [COMMAND [SUBCOMMAND]]"], arguments: ["COMMAND", "SUBCOMMAND"], argumentCompletion: .command)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let arguments = invocation.arguments
        let named = arguments.arguments.isEmpty ? nil : arguments.arguments.joined(separator: " ")
        guard let topic = arguments.command == spec.name ? named : arguments.command else {
            return CommandOutput(json: nil, text: HelpText.overview(), isData: true)
        }
        guard let command = CommandCatalog.command(named: topic) else {
            throw FauthError.usage("no help for unknown command '\(topic)'")
        }
        return CommandOutput(json: nil, text: HelpText.page(for: command), isData: true)
    }
}
