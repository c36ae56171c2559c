import FauthJSON

/// `fauth providers`: the signed-in user's linked providers; with `--email`, the sign-in methods of an email.
struct ProvidersCommand: Command {
    let spec = CommandSpec(
        "providers", summary: "List the signed-in user's providers, or the sign-in methods of an email.",
        usage: ["providers", "providers --email EMAIL"],
        options: [OptionSpec("email", value: "EMAIL", help: "List the sign-in methods this email can use (no session needed).")])

    func run(_ invocation: Invocation) throws -> CommandOutput {
        if let email = try invocation.email() {
            let methods = try invocation.client().signInMethods(forEmail: email)
            return CommandOutput(
                json: .array(methods.map { ["providerId": .string($0)] }),
                text: methods.map { TerminalText.escaped($0) + "\n" }.joined(), isData: true)
        }
        let providers = try invocation.client().providers()
        let text = providers.map { provider in
            let line = ([provider.providerId] + [provider.email ?? provider.phoneNumber, provider.displayName.map { "\"\($0)\"" },
                                      provider.uid.map { "uid \($0)" }].compactMap { $0 })
                .joined(separator: "  ")
            return TerminalText.escaped(line) + "\n"
        }.joined()
        return CommandOutput(json: .array(providers.map { $0.jsonObject() }), text: text, isData: true)
    }
}
