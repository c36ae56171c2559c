/// `fauth signin`: sign in with one credential, replacing the profile's session.
struct SignInCommand: Command {
    func run(_ invocation: Invocation) throws -> CommandOutput {
        let credential = try invocation.credential(defaultEmail: { nil })
        let result = try invocation.client().signIn(with: credential)
        let verb = result.isNewUser ? "Signed in (new account) as" : "Signed in as"
        return CommandOutput(json: ResultText.json(result), text: ResultText.text(verb, result), isData: false)
    }
}
