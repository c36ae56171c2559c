import FauthCore

/// `fauth signin`: sign in with one credential, replacing the profile's session.
struct SignIn: Command {
    /// The command word.
    static let name = "signin"

    let spec = CommandSpec(
        Self.name, summary: "Sign in, replacing the profile's session.",
        usage: [
            "signin --email EMAIL [--password-stdin | --password-file FILE]",
            "signin --email EMAIL --send-link [--continue-url URL]",
            "signin --email EMAIL --link LINK",
            "signin --refresh-token @FILE|@-",
            "signin --anonymous",
            "signin --custom-token TOKEN",
            "signin --provider ID [--id-token TOKEN] [--access-token TOKEN] [--token-secret SECRET] [--nonce NONCE]",
            "signin " + CredentialOptions.browserUsage,
            "signin " + CredentialOptions.deviceUsage,
        ],
        options: CredentialOptions.password + [CredentialOptions.anonymous, CredentialOptions.customToken]
            + CredentialOptions.identityProvider + Self.emailLinkOptions + [Self.refreshTokenOption],
        constraints: Self.sendLinkConstraints + CredentialOptions.constraints(otherKinds: [Self.refreshTokenOption]),
        details: CredentialOptions.passwordSources + "\n\n" + Self.sendLinkDetails + " "
            + CredentialOptions.emailLinkDetails + "\n\n"
            + Self.refreshTokenDetails + "\n\n" + """
                An identity-provider sign-in whose email belongs to an existing account fails with \
                account-exists-with-different-credential (exit 7); the error lists the account's sign-in methods, so \
                a script can sign in with one of them and then `fauth link` this provider.
                """ + "\n\n" + CredentialOptions.browserSignIn + "\n\n"
            + CredentialOptions.deviceSignIn)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        if let sent = try sendLinkIfAsked(invocation) { return sent }
        if let signedIn = try signInWithRefreshTokenIfAsked(invocation) { return signedIn }
        let verb = { (result: AuthResult) in result.isNewUser ? "Signed in (new account) as" : "Signed in as" }
        let result = try invocation.authenticate(
            defaultEmail: { nil }, verb: verb, { credential in try invocation.client().signIn(with: credential) })
        return CommandOutput(
            json: ResultJSON.authResult(result), text: ResultText.text(verb(result), result), isData: false)
    }
}
