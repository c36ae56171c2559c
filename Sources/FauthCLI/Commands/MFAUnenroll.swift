import FauthCore
import FauthJSON
import FauthText

/// `fauth mfa unenroll ID`: removes a second factor from the signed-in user; the new tokens replace the session's.
struct MFAUnenroll: Command {
    /// The command words.
    static let name = "mfa unenroll"

    let spec = CommandSpec(
        Self.name, summary: "Remove one of the signed-in user's second factors.", usage: ["mfa unenroll ID"],
        arguments: ["ID"],
        details: """
            `fauth mfa unenroll ID` removes one (multi-factor-info-not-found when the account has no such factor) \
            and the new tokens replace the session's.
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        guard let id = invocation.arguments.arguments.first else {
            throw FauthError.usage("mfa unenroll needs the factor's ID (see 'fauth mfa list')")
        }
        let (user, remaining) = try invocation.client().unenroll(id)
        return CommandOutput(
            json: [
                "unenrolled": .string(id), "user": user.jsonObject(),
                "secondFactors": .array(remaining.map(\.jsonObject)),
            ],
            text: "Removed the second factor \(TerminalText.escaped(id)) from \(ResultText.identity(user))\n"
                + "second factors: \(MFAText.factorList(remaining))\n",
            isData: false)
    }
}
