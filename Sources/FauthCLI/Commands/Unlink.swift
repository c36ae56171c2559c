import FauthCore

/// `fauth unlink PROVIDER_ID`: remove a provider from the signed-in user.
struct Unlink: Command {
    /// The command word.
    static let name = "unlink"

    let spec = CommandSpec(
        Self.name, summary: "Remove a provider from the signed-in user.",
        usage: ["unlink PROVIDER_ID"], arguments: ["PROVIDER_ID"], argumentCompletion: .linkedProvider,
        details: "PROVIDER_ID is one of the ids `fauth providers` lists (password, phone, google.com, …).")

    func run(_ invocation: Invocation) throws -> CommandOutput {
        guard let providerId = invocation.arguments.arguments.first, !providerId.isEmpty else {
            throw FauthError.usage("unlink needs the PROVIDER_ID to remove (see 'fauth providers')")
        }
        let result = try invocation.client().unlink(providerId: providerId)
        return CommandOutput(
            json: ResultJSON.authResult(result), text: ResultText.text("Unlinked \(providerId) from", result),
            isData: false)
    }
}
