/// `fauth link`: add a credential to the signed-in user.
struct LinkCommand: Command {
    func run(_ invocation: Invocation) throws -> CommandOutput {
        let credential = try invocation.credential(defaultEmail: { nil })
        let result = try invocation.client().link(credential)
        return CommandOutput(json: ResultText.json(result), text: ResultText.text("Linked \(result.providerId) to", result), isData: false)
    }
}
