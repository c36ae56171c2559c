import FauthCore

/// `fauth signup`: create an email/password account and sign in to it.
struct SignUpCommand: Command {
    let spec = CommandSpec(
        "signup", summary: "Create an email/password account and sign in to it.",
        usage: ["signup --email EMAIL [--password-stdin | --password-file FILE]"],
        options: CredentialOptions.password, details: CredentialOptions.passwordSources)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        guard let email = try invocation.email() else {
            throw FauthError.usage("--email is required")
        }
        let password = try invocation.secrets.password(
            prompt: "New password for \(email): ", confirmation: "New password for \(email) again: ")
        let result = try invocation.client().signUp(email: email, password: password)
        return CommandOutput(json: ResultJSON.authResult(result), text: ResultText.text("Signed up and signed in as", result), isData: false)
    }
}
