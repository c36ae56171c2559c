import FauthCore

/// `fauth completion SHELL`: print the completion script for bash, zsh or fish.
struct Completion: Command {
    /// The command word.
    static let name = "completion"

    let spec = CommandSpec(
        Self.name, summary: "Print the shell completion script for bash, zsh or fish.",
        usage: ["completion SHELL"], arguments: ["SHELL"], argumentCompletion: .shell,
        details: """
            bash: source <(fauth completion bash); zsh: fauth completion zsh > "${fpath[1]}/_fauth"; \
            fish: fauth completion fish > ~/.config/fish/completions/fauth.fish. The same scripts are in the \
            completions/ folder of the source.
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let shell = invocation.arguments.arguments.first ?? ""
        guard let script = CompletionScript.script(for: shell) else {
            throw FauthError.usage("completion needs a shell: \(CompletionScript.shells.joined(separator: ", "))")
        }
        return CommandOutput(json: ["shell": .string(shell), "script": .string(script)], text: script, isData: true)
    }
}
