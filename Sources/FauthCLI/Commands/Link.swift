import FauthCore

/// `fauth link`: add a credential to the signed-in user.
struct Link: Command {
    /// The command word.
    static let name = "link"

    let spec = CommandSpec(
        Self.name, summary: "Link another credential to the signed-in user (upgrades an anonymous user).",
        usage: [
            "link --email EMAIL [--password-stdin | --password-file FILE]",
            "link --email EMAIL --link LINK",
            "link --provider ID [--id-token TOKEN] [--access-token TOKEN] [--token-secret SECRET] [--nonce NONCE]",
            "link " + CredentialOptions.browserUsage,
            "link " + CredentialOptions.deviceUsage,
        ],
        options: CredentialOptions.password + [CredentialOptions.emailLink] + CredentialOptions.identityProvider,
        constraints: CredentialOptions.constraints(),
        details: CredentialOptions.passwordSources + "\n\n" + CredentialOptions.emailLinkDetails + "\n\n"
            + CredentialOptions.browserSignIn + "\n\n"
            + CredentialOptions.deviceSignIn)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let verb = { (result: AuthResult) in "Linked \(result.providerId) to" }
        // The user signed in now, read before a browser sign-in waits: the link goes to that user or to none.
        let startingUid = try invocation.unlockedSession()?.session.user.uid
        let result = try invocation.authenticate(
            defaultEmail: { nil }, verb: verb, newPassword: true,
            { credential in try invocation.client().link(credential, expectedUid: startingUid) })
        return CommandOutput(
            json: ResultJSON.authResult(result), text: ResultText.text(verb(result), result), isData: false)
    }
}
