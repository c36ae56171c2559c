import FauthCore
import FauthJSON

/// `fauth mfa unenroll ID`: removes a second factor from the signed-in user; the new tokens replace the session's.
struct MFAUnenroll {
    let invocation: Invocation

    func run() throws -> CommandOutput {
        try MFAOptions.require(invocation, allowing: [], for: "unenroll", argumentCount: 2)
        guard invocation.arguments.arguments.count == 2 else {
            throw FauthError.usage("mfa unenroll needs the factor's ID (see 'fauth mfa list')")
        }
        let id = invocation.arguments.arguments[1]
        let (user, remaining) = try invocation.client().unenroll(id)
        return CommandOutput(
            json: ["unenrolled": .string(id), "user": user.jsonObject(), "secondFactors": .array(remaining.map(\.jsonObject))],
            text: "Removed the second factor \(TerminalText.escaped(id)) from \(ResultText.identity(user))\n"
                + "second factors: \(MFAText.factorList(remaining))\n",
            isData: false)
    }
}
