import FauthCore
import FauthJSON
import FauthText

/// `fauth mfa list`: the signed-in user's second factors (JSON: an array of factors).
struct MFAList: Command {
    /// The command words.
    static let name = "mfa list"

    let spec = CommandSpec(
        Self.name, summary: "List the signed-in user's second factors.", usage: ["mfa list"],
        details: """
            `fauth mfa list` prints the signed-in user's factors (JSON: an array of {uid, factorId, displayName, \
            phoneNumber (masked), enrolledAt}); `fauth status` shows them too.
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let factors = try invocation.client().secondFactors()
        let text = factors.isEmpty ? "no second factors\n" : factors.map { MFAText.describe($0) + "\n" }.joinedText()
        return CommandOutput(json: .array(factors.map(\.jsonObject)), text: text, isData: true)
    }
}
