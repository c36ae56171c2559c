import FauthCore
import FauthJSON

/// `fauth mfa list`: the signed-in user's second factors (JSON: an array of factors).
struct MFAList {
    let invocation: Invocation

    func run() throws -> CommandOutput {
        try MFAOptions.require(invocation, allowing: [], for: "list")
        let factors = try invocation.client().secondFactors()
        let text = factors.isEmpty ? "no second factors\n" : factors.map { MFAText.describe($0) + "\n" }.joined()
        return CommandOutput(json: .array(factors.map(\.jsonObject)), text: text, isData: true)
    }
}
