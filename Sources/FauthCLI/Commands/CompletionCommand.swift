/// `fauth completion SHELL`: print the completion script for bash, zsh or fish.
struct CompletionCommand: Command {
    func run(_ invocation: Invocation) throws -> CommandOutput {
        let shell = invocation.arguments.arguments.first ?? ""
        guard let script = CompletionScript.script(for: shell) else {
            throw UsageError("completion needs a shell: \(CompletionScript.shells.joined(separator: ", "))", command: "completion")
        }
        return CommandOutput(json: ["shell": .string(shell), "script": .string(script)], text: script, isData: true)
    }
}
