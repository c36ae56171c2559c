import FauthCore
import FauthJSON
import FauthText

/// `fauth verify-email`: send the signed-in user a verification email, or apply the code (or link) it holds.
struct VerifyEmail: Command {
    /// The command word.
    static let name = "verify-email"

    let spec = CommandSpec(
        Self.name, summary: "Send the signed-in user a verification email, or apply its code.",
        usage: ["verify-email", "verify-email --code CODE|LINK"],
        options: [ResetPassword.code],
        details: """
            Without --code, sends a verification email to the signed-in user's address. --code applies the code \
            the email's link carries (the whole link may be given; also a verifyAndChangeEmail link from \
            `fauth update --email E --verify-first`); no session is needed. When the profile is signed in as \
            that account, its token is refreshed so that the email_verified claim and `fauth status` show it. \
            A wrong, used or expired code fails with invalid-action-code or expired-action-code (exit 8).
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        guard invocation.arguments.has(ResetPassword.code) else {
            let sentTo = try invocation.client().sendEmailVerification()
            let text = "Sent a verification email" + (sentTo.map { " to \(TerminalText.escaped($0))" } ?? "") + ".\n"
            return CommandOutput(
                json: ["sent": true, "requestType": "VERIFY_EMAIL", "email": sentTo.map(JSONValue.string) ?? .null],
                text: text, isData: false)
        }
        let code = try ActionCodeLink.code(
            in: invocation.secrets.token(ResetPassword.code) ?? "", modes: ["verifyEmail", "verifyAndChangeEmail"])
        let (account, sessionUpdated) = try invocation.client().applyActionCode(code)
        let email = account.email.map(TerminalText.escaped) ?? "the account's email"
        let text = "Verified \(email)" + (sessionUpdated ? "; the session's token now says so.\n" : ".\n")
        return CommandOutput(
            json: [
                "verified": true, "uid": account.localId.map(JSONValue.string) ?? .null,
                "email": account.email.map(JSONValue.string) ?? .null,
                "emailVerified": .bool(account.emailVerified), "sessionUpdated": .bool(sessionUpdated),
            ],
            text: text, isData: false)
    }
}
