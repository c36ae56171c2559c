import FauthCore
import FauthJSON
import FauthText

/// `fauth reset-password`: send a password-reset email, or set a new password with the code (or link) it holds.
struct ResetPassword: Command {
    static let code = OptionSpec(
        "code", value: "CODE", completion: .file,
        help: "The code from the email, or the whole action link pasted (…?mode=…&oobCode=…); @FILE, @-.",
        details: "A link of another kind is refused with invalid-action-code before any request.")

    /// The command word.
    static let name = "reset-password"

    let spec = CommandSpec(
        Self.name, summary: "Send a password-reset email, or set a new password with its code.",
        usage: [
            "reset-password --email EMAIL",
            "reset-password --code CODE|LINK [--password-stdin | --password-file FILE]",
        ],
        options: [CredentialOptions.email, code, CredentialOptions.passwordStdin, CredentialOptions.passwordFile],
        constraints: [.oneOf([CredentialOptions.email, code])]
            + OptionConstraint.each(
                [CredentialOptions.passwordStdin, CredentialOptions.passwordFile], requires: [code])
            + [CredentialOptions.onePasswordSource],
        details: """
            --email sends the reset email; no session is needed. Where the project has email enumeration \
            protection on, the answer is the same whether or not an account uses the address. --code sets the new \
            password with the code the email's link carries (the whole link may be given); the code works once. \
            A wrong, used or expired code fails with invalid-action-code or expired-action-code (exit 8). \
            The session, if any, is left as it is.
            """ + "\n\n" + CredentialOptions.newPasswordSources)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let email = try invocation.email()
        guard email != nil || invocation.arguments.has(Self.code) else {
            throw FauthError.usage("give --email EMAIL (send the email) or --code CODE (use it)")
        }
        if let email {
            let sentTo = try invocation.client().sendPasswordReset(email: email).email ?? email
            let text =
                "If an account uses \(TerminalText.escaped(sentTo)), a password-reset email was sent to it. "
                + "(With email enumeration protection on, the answer is the same whether or not one does.)\n"
            return CommandOutput(
                json: ["sent": true, "requestType": "PASSWORD_RESET", "email": .string(sentTo)], text: text,
                isData: false)
        }
        let code = try ActionCodeLink.code(in: invocation.secrets.token(Self.code) ?? "", modes: ["resetPassword"])
        let password = try invocation.secrets.password(prompt: "New password: ", confirmation: "New password again: ")
        let account = try invocation.client().resetPassword(code: code, newPassword: password).email
        let text =
            "Password reset" + (account.map { " for \(TerminalText.escaped($0))" } ?? "")
            + "; sign in with the new password.\n"
        return CommandOutput(
            json: ["reset": true, "email": account.map(JSONValue.string) ?? .null], text: text, isData: false)
    }
}
