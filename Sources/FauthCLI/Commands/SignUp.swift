import FauthCore

/// `fauth signup`: create an email/password account and sign in to it.
struct SignUp: Command {
    /// The command word.
    static let name = "signup"

    let spec = CommandSpec(
        Self.name, summary: "Create an email/password account and sign in to it.",
        usage: ["signup --email EMAIL [--password-stdin | --password-file FILE]"],
        options: CredentialOptions.password, constraints: [CredentialOptions.onePasswordSource],
        details: CredentialOptions.passwordSources)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let email = try invocation.requiredEmail()
        let password = try invocation.secrets.password(
            prompt: "New password for \(email): ", confirmation: "New password for \(email) again: ")
        let result = try invocation.client().signUp(email: email, password: password)
        return CommandOutput(
            json: ResultJSON.authResult(result), text: ResultText.text("Signed up and signed in as", result),
            isData: false)
    }
}
