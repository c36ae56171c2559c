import FauthJSON
import FauthText

/// `fauth providers`: the signed-in user's linked providers; with `--email`, the sign-in methods of an email.
struct Providers: Command {
    /// The command word.
    static let name = "providers"

    let spec = CommandSpec(
        Self.name, summary: "List the signed-in user's providers, or the sign-in methods of an email.",
        usage: ["providers", "providers --email EMAIL"],
        options: [
            CredentialOptions.email.described("List the sign-in methods this email can use (no session needed).")
        ],
        details: """
            With --email and no sign-in method to list, a note on stderr says why: no account uses the email, or \
            the project has email enumeration protection on, which hides the methods of every email (the JSON is \
            [] either way).
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        if let email = try invocation.email() {
            let info = try invocation.client().emailInfo(email)
            let methods = info.signinMethods
            return CommandOutput(
                json: .array(methods.map { ["providerId": .string($0)] }),
                text: methods.map { TerminalText.escaped($0) + "\n" }.joinedText(), isData: true,
                note: methods.isEmpty ? Self.noMethodsNote(email, hidden: info.isHidden) : "")
        }
        let providers = try invocation.client().providers()
        let text = providers.map { provider in
            let line =
                ([provider.providerId]
                + [
                    provider.email ?? provider.phoneNumber, provider.displayName.map { "\"\($0)\"" },
                    provider.uid.map { "uid \($0)" },
                ].compactMap { $0 })
                .joinedText(separator: "  ")
            return TerminalText.escaped(line) + "\n"
        }.joinedText()
        return CommandOutput(json: .array(providers.map { $0.jsonObject() }), text: text, isData: true)
    }

    /// The stderr note for an email without sign-in methods: no account uses it, or (email enumeration protection
    /// on) the server does not say.
    static func noMethodsNote(_ email: String, hidden: Bool) -> String {
        let email = TerminalText.escaped(email)
        return hidden
            ? "fauth: the server lists no sign-in methods for \(email) and does not say whether an account uses it "
                + "(the project's email enumeration protection hides them).\n"
            : "fauth: no account uses \(email).\n"
    }
}
