import FauthCore

/// `fauth reauth`: prove the signed-in user's identity again; another user's credentials are refused.
struct Reauth: Command {
    /// The command word.
    static let name = "reauth"

    let spec = CommandSpec(
        Self.name, summary: "Prove the signed-in user's identity again (needed before sensitive changes).",
        usage: [
            "reauth [--email EMAIL] [--password-stdin | --password-file FILE]",
            "reauth --provider ID [--id-token TOKEN] [--access-token TOKEN] [--token-secret SECRET] [--nonce NONCE]",
            "reauth " + CredentialOptions.browserUsage,
            "reauth " + CredentialOptions.deviceUsage,
        ],
        options: CredentialOptions.password + CredentialOptions.identityProvider,
        constraints: CredentialOptions.constraints(),
        details: CredentialOptions.passwordSources + "\n\n" + """
            --email defaults to the session's email. Credentials of another user fail with user-mismatch (exit 6) \
            and leave the session as it was.
            """ + "\n\n" + CredentialOptions.browserSignIn + "\n\n"
            + CredentialOptions.deviceSignIn)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let email = {
            guard let session = try invocation.unlockedSession()?.session else { throw FauthError(.notSignedIn) }
            guard let email = session.user.email else {
                throw FauthError.usage("the signed-in user has no email: give --email or --provider")
            }
            return email
        }
        let result = try invocation.authenticate(
            defaultEmail: email, verb: { _ in "Reauthenticated" },
            { credential in try invocation.client().reauthenticate(with: credential) })
        return CommandOutput(
            json: ResultJSON.authResult(result), text: ResultText.text("Reauthenticated", result), isData: false)
    }
}
