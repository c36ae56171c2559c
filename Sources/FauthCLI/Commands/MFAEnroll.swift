import FauthCore
import FauthJSON

/// `fauth mfa enroll`: `--phone NUMBER` (an SMS code is sent) or `--totp` (the secret, its URI and, on a terminal,
/// a QR code are printed) starts an enrollment; `--code CODE` (or the prompt) finishes it.
struct MFAEnroll {
    let invocation: Invocation

    func run() throws -> CommandOutput {
        let arguments = invocation.arguments
        let starts = ["phone", "totp"].filter(arguments.has)
        guard starts.count <= 1 else { throw FauthError.usage("give --phone NUMBER or --totp, not both") }
        if starts.isEmpty {
            try MFAOptions.require(invocation, allowing: ["code", "code-stdin"], for: "enroll --code")
            return try finish()
        }
        try MFAOptions.require(invocation, allowing: ["phone", "totp", "display-name"], for: "enroll --\(starts[0])")
        let client = try invocation.client()
        let (started, pending) = try client.startEnrollment(phoneNumber: arguments.value("phone"), displayName: arguments.value("display-name"))
        let next = MFANextStep.command("mfa enroll --code CODE", arguments: arguments)
        let expires = JSONValue.string(ISO8601.format(pending.expiresAt))
        switch started {
        case .phone:
            let factor = pending.factors.first.map(MFAText.describe) ?? "the phone"
            return CommandOutput(
                json: ["codeSent": true, "factor": pending.factors.first?.jsonObject ?? .null, "expiresAt": expires, "next": .string(next)],
                text: "An SMS code was sent to \(factor).\n", isData: false, note: "next: \(next)\n")
        case .totp(_, let secret):
            let user = try invocation.unlockedSession.get()?.session
            let uri = secret.uri(accountName: user?.user.email ?? user?.user.uid ?? "user", issuer: user?.project.projectId ?? "Firebase")
            var text = "secret: \(secret.sharedSecretKey)\nuri: \(TerminalText.escaped(uri))\n"
            if invocation.context.outputIsTerminal, let code = QRCode(bytes: Array(uri.utf8)) {
                text += QRCodeRenderer.halfBlocks(code)
            }
            return CommandOutput(
                json: ["secret": .string(secret.sharedSecretKey), "uri": .string(uri), "digits": .number(Double(secret.digits)),
                       "period": .number(Double(secret.period)), "algorithm": .string(secret.algorithm), "expiresAt": expires,
                       "next": .string(next)],
                text: text, isData: true, note: "Add it to your authenticator app, then: \(next)\n")
        }
    }

    private func finish() throws -> CommandOutput {
        let given = try invocation.secrets.verificationCode()
        guard let code = try given ?? invocation.secrets.promptedCode("Code to finish the enrollment: ") else {
            throw FauthError.usage("a code is needed: give --code CODE or --code-stdin (there is no terminal to ask on)")
        }
        let (factor, user, factors) = try invocation.client().finishEnrollment(code: code)
        return CommandOutput(
            json: ["enrolled": factor.jsonObject, "user": user.jsonObject(), "secondFactors": .array(factors.map(\.jsonObject))],
            text: "Enrolled \(MFAText.describe(factor)) for \(ResultText.identity(user))\nsecond factors: \(MFAText.factorList(factors))\n",
            isData: false)
    }
}
