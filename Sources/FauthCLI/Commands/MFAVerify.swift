import FauthCore
import FauthJSON

/// `fauth mfa verify`: finishes the profile's pending sign-in or reauth with a second factor's code, sending the SMS
/// code first for a phone factor.
struct MFAVerify {
    let invocation: Invocation

    func run() throws -> CommandOutput {
        try MFAOptions.require(invocation, allowing: ["factor", "code", "code-stdin"], for: "verify")
        var code = try invocation.secrets.verificationCode()
        let store = try invocation.sessionStore()
        let onDisk = try? PendingSecondFactorFile(sessionPath: store.path, anchor: store.anchor, kind: .signIn).read()
        let client = try invocation.client(storedSettings: onDisk?.project)
        var pending = try client.pendingSignIn()
        let factor = try pending.requireFactor(try chosenFactor(pending))
        if !factor.isTOTP, code == nil, invocation.arguments.has("factor") || pending.codeSentTo != factor.enrollmentId {
            pending = try client.sendSecondFactorCode(to: factor.enrollmentId)
            code = try invocation.secrets.promptedCode("Code sent to \(factor.maskedPhoneNumber ?? "the phone"): ")
            guard let code else { return codeSent(factor, pending: pending) }
            return try finish(client, factor: factor, code: code)
        }
        let prompt = factor.isTOTP ? "Code from your authenticator app: " : "Code sent to \(factor.maskedPhoneNumber ?? "the phone"): "
        guard let code = try code ?? invocation.secrets.promptedCode(prompt) else {
            throw FauthError.usage("a code is needed: give --code CODE or --code-stdin (there is no terminal to ask on)")
        }
        return try finish(client, factor: factor, code: code)
    }

    /// `--factor`, else the factor an SMS was sent to, else the only factor; several → `usage` listing them.
    private func chosenFactor(_ pending: PendingSecondFactor) throws -> String {
        if let factor = invocation.arguments.value("factor") { return factor }
        if let sent = pending.codeSentTo { return sent }
        guard pending.factors.count == 1, let only = pending.factors.first else {
            throw FauthError.usage("the account has several second factors: choose one with --factor ID (\(MFAText.factorList(pending.factors)))")
        }
        return only.enrollmentId
    }

    private func finish(_ client: AuthClient, factor: MFAEnrollment, code: String) throws -> CommandOutput {
        let result = try client.completeSecondFactor(enrollmentId: factor.enrollmentId, code: code)
        let verb = result.isNewUser ? "Signed in (new account) as" : "Signed in as"
        var json = ResultJSON.authResult(result).object ?? [:]
        json["secondFactor"] = factor.jsonObject
        return CommandOutput(json: .object(json), text: ResultText.text("\(verb)", result) + "second factor: \(MFAText.describe(factor))\n", isData: false)
    }

    private func codeSent(_ factor: MFAEnrollment, pending: PendingSecondFactor) -> CommandOutput {
        let next = MFANextStep.command("mfa verify --code CODE", arguments: invocation.arguments)
        return CommandOutput(
            json: ["codeSent": true, "factor": factor.jsonObject, "expiresAt": .string(ISO8601.format(pending.expiresAt)), "next": .string(next)],
            text: "An SMS code was sent to \(MFAText.describe(factor)).\n", isData: false, note: "next: \(next)\n")
    }
}
