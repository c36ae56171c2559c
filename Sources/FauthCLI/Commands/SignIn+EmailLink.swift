import FauthCore
import FauthJSON
import FauthText

/// `fauth signin --email E --send-link [--continue-url URL]`: the first half of a passwordless sign-in, which
/// `signin --email E --link LINK` completes.
extension SignIn {
    /// `--send-link`.
    static let sendLink = OptionSpec(
        "send-link", help: "Email a sign-in link to --email instead of signing in (no session needed).")
    /// `--continue-url`.
    static let continueURL = OptionSpec(
        "continue-url", value: "URL",
        help: """
            With --send-link: where the link leads after sign-in (Google's servers require one).
            """,
        details: "An address on an authorized domain of the project; the emulator does not require it.")
    /// `--link`, `--send-link` and `--continue-url`.
    static let emailLinkOptions = [CredentialOptions.emailLink, sendLink, continueURL]

    /// `--send-link` goes with `--email` and no credential; `--continue-url` with `--send-link`.
    static let sendLinkConstraints: [OptionConstraint] = [
        .requires(continueURL, anyOf: [sendLink]),
        .exclusive([
            [sendLink],
            [
                CredentialOptions.emailLink, refreshTokenOption, CredentialOptions.passwordStdin,
                CredentialOptions.passwordFile, CredentialOptions.anonymous, CredentialOptions.customToken,
                CredentialOptions.provider,
            ] + CredentialOptions.providerTokens,
        ]),
        .requires(sendLink, anyOf: [CredentialOptions.email]),
    ]

    /// The help paragraph on `--send-link`.
    static let sendLinkDetails = """
        --send-link emails a sign-in link to --email (sendOobCode EMAIL_SIGNIN); the session is left as it is. \
        Google's servers require --continue-url, an address of an authorized domain of the project.
        """

    /// Sends the sign-in link when `--send-link` is given (nil otherwise).
    func sendLinkIfAsked(_ invocation: Invocation) throws -> CommandOutput? {
        let arguments = invocation.arguments
        guard arguments.has(Self.sendLink) else { return nil }
        let email = try invocation.requiredEmail()
        let sentTo = try invocation.client().sendSignInLink(
            email: email, continueUrl: arguments.value(Self.continueURL))
        let text =
            "Sent a sign-in link to \(TerminalText.escaped(sentTo)); complete it with "
            + "`fauth signin --email \(TerminalText.escaped(sentTo)) --link LINK`.\n"
        return CommandOutput(
            json: ["sent": true, "requestType": "EMAIL_SIGNIN", "email": .string(sentTo)], text: text, isData: false)
    }
}
