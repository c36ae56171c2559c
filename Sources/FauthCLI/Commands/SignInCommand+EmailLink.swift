import FauthCore
import FauthJSON

/// `fauth signin --email E --send-link [--continue-url URL]`: the first half of a passwordless sign-in, which
/// `signin --email E --link LINK` completes.
extension SignInCommand {
    /// `--link`, `--send-link` and `--continue-url`.
    static let emailLinkOptions = [
        CredentialOptions.emailLink,
        OptionSpec("send-link", help: "Email a sign-in link to --email instead of signing in (no session needed)."),
        OptionSpec("continue-url", value: "URL", help: "With --send-link: where the link leads after sign-in (Google's servers require one)."),
    ]

    /// The help paragraph on `--send-link`.
    static let sendLinkDetails = """
        --send-link emails a sign-in link to --email (sendOobCode EMAIL_SIGNIN); the session is left as it is. \
        Google's servers require --continue-url, an address of an authorized domain of the project.
        """

    /// Sends the sign-in link when `--send-link` is given (nil otherwise); `--continue-url` without it, or a
    /// credential beside it, is a usage error.
    func sendLinkIfAsked(_ invocation: Invocation) throws -> CommandOutput? {
        let arguments = invocation.arguments
        guard arguments.has("send-link") else {
            if arguments.has("continue-url") { throw FauthError.usage("--continue-url goes with --send-link") }
            return nil
        }
        let credentialOptions = ["link", "refresh-token", "password-stdin", "password-file", "anonymous", "custom-token", "provider",
                                 "id-token", "access-token", "token-secret", "nonce"]
        if let stray = credentialOptions.first(where: arguments.has) {
            throw FauthError.usage("--\(stray) does not go with --send-link, which only sends the email")
        }
        guard let email = try invocation.email() else { throw FauthError.usage("--send-link needs --email EMAIL") }
        let sentTo = try invocation.client().sendSignInLink(email: email, continueUrl: arguments.value("continue-url"))
        let text = "Sent a sign-in link to \(TerminalText.escaped(sentTo)); complete it with "
            + "`fauth signin --email \(TerminalText.escaped(sentTo)) --link LINK`.\n"
        return CommandOutput(json: ["sent": true, "requestType": "EMAIL_SIGNIN", "email": .string(sentTo)], text: text, isData: false)
    }
}
