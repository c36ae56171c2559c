/// `fauth link`: add a credential to the signed-in user.
struct LinkCommand: Command {
    let spec = CommandSpec(
        "link", summary: "Link another credential to the signed-in user (upgrades an anonymous user).",
        usage: [
            "link --email EMAIL [--password-stdin | --password-file FILE]",
            "link --email EMAIL --link LINK",
            "link --provider ID [--id-token TOKEN] [--access-token TOKEN] [--token-secret SECRET] [--nonce NONCE]",
        ],
        options: CredentialOptions.password + [CredentialOptions.emailLink] + CredentialOptions.identityProvider,
        details: CredentialOptions.passwordSources + "\n\n" + CredentialOptions.emailLinkDetails)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let credential = try invocation.credential(defaultEmail: { nil })
        let result = try invocation.client().link(credential)
        return CommandOutput(json: ResultJSON.authResult(result), text: ResultText.text("Linked \(result.providerId) to", result), isData: false)
    }
}
