import FauthCore
import FauthJSON

/// `fauth delete`: delete the signed-in user's account, after the user types its email or uid back (or `--yes`).
struct Delete: Command {
    /// `--yes`.
    static let yes = OptionSpec("yes", help: "Delete without asking (for scripts).")

    /// The command word.
    static let name = "delete"

    let spec = CommandSpec(
        Self.name, summary: "Delete the signed-in user's account and forget its session.",
        usage: ["delete [--yes]"],
        options: [Self.yes],
        details: """
            Without --yes, delete asks on the terminal for the account's email (or uid, for an account without \
            one) to be typed back, and deletes nothing unless it matches. Without --yes and without a terminal \
            (or with --no-input) it fails with a usage error and deletes nothing. After the account is deleted, \
            the profile's session is removed. A sign-in that is too old fails with requires-recent-login \
            (exit 5): run `fauth reauth`, then delete again.
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let client = try invocation.client()
        guard let session = try invocation.unlockedSession()?.session else { throw FauthError(.notSignedIn) }
        if !invocation.arguments.has(Self.yes) {
            try confirm(session.user, invocation)
        }
        let user = try client.deleteAccount()
        var json: JSONObject = ["deleted": true, "uid": .string(user.uid)]
        json["email"] = user.email.map(JSONValue.string) ?? .null
        return CommandOutput(
            json: .object(json),
            text: "Deleted the account of \(ResultText.identity(user)); its session was removed.\n",
            isData: false)
    }

    /// Asks for the user's email (or uid) to be typed back; anything else cancels.
    private func confirm(_ user: UserProfile, _ invocation: Invocation) throws {
        let refusal = "delete needs --yes when it cannot ask on a terminal; nothing was deleted"
        guard !invocation.arguments.has(GlobalOptions.noInput) else {
            throw FauthError.usage(refusal + " (--no-input)")
        }
        let expected = user.email ?? user.uid
        let what = user.email == nil ? "uid" : "email"
        let prompt = "This deletes \(ResultText.identity(user)) for good. Type its \(what) to confirm: "
        switch invocation.context.askSecret(prompt, invocation.secrets.interruptMessage, InputLimits.tokenBytes) {
        case .noTerminal:
            throw FauthError.usage(refusal)
        case .endOfInput:
            throw FauthError(.cancelled, message: "the confirmation got end of input; nothing was deleted")
        case .secret(let typed):
            let answer = String(decoding: typed, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(
                separator: " ")
            guard answer.lowercased() == expected.lowercased() || answer == user.uid else {
                throw FauthError(.cancelled, message: "the \(what) typed does not match; nothing was deleted")
            }
        }
    }
}
