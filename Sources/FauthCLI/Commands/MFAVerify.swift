import FauthCore
import FauthJSON

/// `fauth mfa verify`: finishes the profile's pending sign-in or reauth with a second factor's code, sending the SMS
/// code first for a phone factor.
struct MFAVerify: Command {
    /// The command words.
    static let name = "mfa verify"

    let spec = CommandSpec(
        Self.name, summary: "Finish a sign-in or reauth that stopped for a second factor (exit 9).",
        usage: ["mfa verify [--factor ID] [--code CODE | --code-stdin]"],
        options: [MFAOptions.factor, MFAOptions.code, MFAOptions.codeStdin], constraints: [MFAOptions.oneCodeSource],
        details: """
            A sign-in or reauth of an account with a second factor exits 9 (second-factor-required) and keeps a \
            pending step beside the profile's session for 10 minutes (PROFILE.json.mfa-pending); the old session, if \
            any, stays as it was. The JSON error's mfa object lists the factors (uid, factorId phone or totp, \
            displayName, phoneNumber masked, enrolledAt), expiresAt, and next: the command to run. \
            `fauth mfa verify` finishes it: a TOTP factor takes the code of the authenticator app (--code); a phone \
            factor is sent an SMS code first (`fauth mfa verify --factor ID`), then `fauth mfa verify --code CODE` \
            finishes. On a terminal a missing code is asked for. Success replaces the session and removes the \
            pending step; a wrong code fails with invalid-verification-code (exit 6) and keeps it for another try; \
            an expired or missing step fails with missing-multi-factor-session, naming the command to run again.
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        try Verification(invocation: invocation).run()
    }
}

/// One run of `mfa verify`.
private struct Verification {
    let invocation: Invocation

    func run() throws -> CommandOutput {
        var code = try invocation.secrets.verificationCode()
        let store = try invocation.sessionStore()
        let onDisk = try? PendingSecondFactorFile(
            sessionPath: store.path, anchor: store.anchor, kind: .signIn, storage: store.storage
        ).read()
        let client = try invocation.client(storedSettings: onDisk?.project)
        var pending = try client.pendingSignIn()
        let factor = try pending.requireFactor(try chosenFactor(pending))
        if !factor.isTOTP, code == nil,
            invocation.arguments.has(MFAOptions.factor) || pending.codeSentTo != factor.enrollmentId
        {
            pending = try client.sendSecondFactorCode(to: factor.enrollmentId)
            code = try invocation.secrets.promptedCode("Code sent to \(factor.maskedPhoneNumber ?? "the phone"): ")
            guard let code else { return codeSent(factor, pending: pending) }
            return try finish(client, factor: factor, code: code)
        }
        let prompt =
            factor.isTOTP
            ? "Code from your authenticator app: " : "Code sent to \(factor.maskedPhoneNumber ?? "the phone"): "
        guard let code = try code ?? invocation.secrets.promptedCode(prompt) else {
            throw FauthError.usage(
                "a code is needed: give --code CODE or --code-stdin (there is no terminal to ask on)")
        }
        return try finish(client, factor: factor, code: code)
    }

    /// `--factor`, else the factor an SMS was sent to, else the only factor; several → `usage` listing them.
    private func chosenFactor(_ pending: PendingSecondFactor) throws -> String {
        if let factor = invocation.arguments.value(MFAOptions.factor) { return factor }
        if let sent = pending.codeSentTo { return sent }
        guard pending.factors.count == 1, let only = pending.factors.first else {
            throw FauthError.usage(
                "the account has several second factors: choose one with --factor ID (\(MFAText.factorList(pending.factors)))"
            )
        }
        return only.enrollmentId
    }

    private func finish(_ client: AuthClient, factor: MFAEnrollment, code: String) throws -> CommandOutput {
        let result = try client.completeSecondFactor(enrollmentId: factor.enrollmentId, code: code)
        let verb = result.isNewUser ? "Signed in (new account) as" : "Signed in as"
        var json = ResultJSON.authResult(result).object ?? [:]
        json["secondFactor"] = factor.jsonObject
        return CommandOutput(
            json: .object(json),
            text: ResultText.text("\(verb)", result) + "second factor: \(MFAText.describe(factor))\n", isData: false)
    }

    private func codeSent(_ factor: MFAEnrollment, pending: PendingSecondFactor) -> CommandOutput {
        let next = MFANextStep.command("mfa verify --code CODE", arguments: invocation.arguments)
        return CommandOutput(
            json: [
                "codeSent": true, "factor": factor.jsonObject, "expiresAt": .string(ISO8601.format(pending.expiresAt)),
                "next": .string(next),
            ],
            text: "An SMS code was sent to \(MFAText.describe(factor)).\n", isData: false, note: "next: \(next)\n")
    }
}
