import FauthCore
import FauthJSON
import FauthText

/// `fauth mfa enroll`: `--phone NUMBER` (an SMS code is sent) or `--totp` (the secret, its URI and, on a terminal,
/// a QR code are printed) starts an enrollment; `--code CODE` (or the prompt) finishes it.
struct MFAEnroll: Command {
    /// The command words.
    static let name = "mfa enroll"

    let spec = CommandSpec(
        Self.name, summary: "Enroll a second factor: start with --phone or --totp, finish with the code.",
        usage: [
            "mfa enroll --phone NUMBER [--display-name NAME]",
            "mfa enroll --totp [--display-name NAME]",
            "mfa enroll [--code CODE | --code-stdin]",
        ],
        options: [MFAOptions.phone, MFAOptions.totp, MFAOptions.displayName, MFAOptions.code, MFAOptions.codeStdin],
        constraints: [
            .oneOf([MFAOptions.phone, MFAOptions.totp]),
            .exclusive([[MFAOptions.phone, MFAOptions.totp], [MFAOptions.code, MFAOptions.codeStdin]]),
            .requires(MFAOptions.displayName, anyOf: [MFAOptions.phone, MFAOptions.totp]),
            MFAOptions.oneCodeSource,
        ],
        details: """
            `fauth mfa enroll --phone NUMBER` sends an SMS code; `fauth mfa enroll --totp` prints the shared \
            secret and its otpauth://totp/ URI (JSON: secret, uri, digits, period, algorithm) and, on a terminal, a \
            QR code for an authenticator app; then `fauth mfa enroll --code CODE` finishes (prompted on a terminal \
            when left out) and the new tokens replace the session's. The account needs a verified email \
            (unverified-email, exit 8) and, where Firebase asks, a recent sign-in (requires-recent-login, exit 5); \
            second-factor-already-enrolled (exit 7) and maximum-second-factor-count-exceeded (exit 7), \
            unsupported-first-factor (an anonymous or custom-token session; exit 8) and invalid-phone-number (exit 8) \
            as the server says. A wrong code fails with invalid-verification-code (exit 6) and keeps the started \
            enrollment (10 minutes) for another try.
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let arguments = invocation.arguments
        guard arguments.has(MFAOptions.phone) || arguments.has(MFAOptions.totp) else { return try finish(invocation) }
        let client = try invocation.client()
        let (started, pending) = try client.startEnrollment(
            phoneNumber: arguments.value(MFAOptions.phone), displayName: arguments.value(MFAOptions.displayName))
        let next = MFANextStep.command("mfa enroll --code CODE", arguments: arguments)
        let expires = JSONValue.string(ISO8601.format(pending.expiresAt))
        switch started {
        case .phone:
            let factor = pending.factors.first.map(MFAText.describe) ?? "the phone"
            return CommandOutput(
                json: [
                    "codeSent": true, "factor": pending.factors.first?.jsonObject ?? .null, "expiresAt": expires,
                    "next": .string(next),
                ],
                text: "An SMS code was sent to \(factor).\n", isData: false, note: "next: \(next)\n")
        case .totp(_, let secret):
            let user = try invocation.unlockedSession()?.session
            let uri = secret.uri(
                accountName: user?.user.email ?? user?.user.uid ?? "user",
                issuer: user?.project.target.projectId ?? "Firebase"
            )
            var text = "secret: \(secret.sharedSecretKey)\nuri: \(TerminalText.escaped(uri))\n"
            if invocation.context.outputIsTerminal, let code = QRCode(bytes: Array(uri.utf8)) {
                text += QRCodeRenderer.halfBlocks(code)
            }
            return CommandOutput(
                json: [
                    "secret": .string(secret.sharedSecretKey), "uri": .string(uri),
                    "digits": .number(Double(secret.digits)),
                    "period": .number(Double(secret.period)), "algorithm": .string(secret.algorithm),
                    "expiresAt": expires,
                    "next": .string(next),
                ],
                text: text, isData: true, note: "Add it to your authenticator app, then: \(next)\n")
        }
    }

    private func finish(_ invocation: Invocation) throws -> CommandOutput {
        let given = try invocation.secrets.verificationCode()
        guard let code = try given ?? invocation.secrets.promptedCode("Code to finish the enrollment: ") else {
            throw FauthError.usage(
                "a code is needed: give --code CODE or --code-stdin (there is no terminal to ask on)")
        }
        let (factor, user, factors) = try invocation.client().finishEnrollment(code: code)
        return CommandOutput(
            json: [
                "enrolled": factor.jsonObject, "user": user.jsonObject(),
                "secondFactors": .array(factors.map(\.jsonObject)),
            ],
            text:
                "Enrolled \(MFAText.describe(factor)) for \(ResultText.identity(user))\nsecond factors: \(MFAText.factorList(factors))\n",
            isData: false)
    }
}
