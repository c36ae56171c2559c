import FauthCore

/// `fauth mfa SUBCOMMAND`: second factors. `verify` finishes a sign-in that stopped at exit 9; each subcommand is a
/// type of its own (`MFAVerify`, …) and this one holds the spec they share.
struct MFACommand: Command {
    /// The subcommands, in the order help lists them.
    static let subcommands = ["verify", "enroll", "list", "unenroll"]

    let spec = CommandSpec(
        "mfa", summary: "Second factors: finish a sign-in that needs one; enroll, list or remove the user's factors.",
        usage: [
            "mfa verify [--factor ID] [--code CODE | --code-stdin]",
            "mfa enroll --phone NUMBER [--display-name NAME]",
            "mfa enroll --totp [--display-name NAME]",
            "mfa enroll [--code CODE | --code-stdin]",
            "mfa list",
            "mfa unenroll ID",
        ],
        options: [
            OptionSpec("factor", value: "ID", help: "The second factor to use (its uid, as the exit-9 error lists it); optional with one factor."),
            OptionSpec("code", value: "CODE", completion: .file, help: "The SMS or authenticator code (@FILE reads a file, @- reads stdin)."),
            OptionSpec("code-stdin", help: "Read the code from standard input (one trailing newline removed)."),
            OptionSpec("phone", value: "NUMBER", help: "enroll: the phone number (E.164, +15555550100) to send the SMS code to."),
            OptionSpec("totp", help: "enroll: a TOTP factor; prints the secret, its otpauth:// URI and, on a terminal, a QR code."),
            OptionSpec("display-name", value: "NAME", help: "enroll: the factor's name (\"work phone\")."),
        ],
        arguments: ["SUBCOMMAND", "ID"], argumentCompletion: .mfaSubcommand,
        details: """
            A sign-in or reauth of an account with a second factor exits 9 (second-factor-required) and keeps a \
            pending step beside the profile's session for 10 minutes; the old session, if any, stays as it was. \
            `fauth mfa verify` finishes it: a TOTP factor takes the code of the authenticator app (--code); a phone \
            factor is sent an SMS code first (`fauth mfa verify --factor ID`), then `fauth mfa verify --code CODE` \
            finishes. On a terminal a missing code is asked for. Success replaces the session and removes the \
            pending step; a wrong code fails with invalid-verification-code (exit 6) and keeps it for another try; \
            an expired or missing step fails with missing-multi-factor-session, naming the command to run again.

            `fauth mfa enroll --phone NUMBER` sends an SMS code; `fauth mfa enroll --totp` prints the shared \
            secret and its otpauth://totp/ URI (JSON: secret, uri, digits, period, algorithm) and, on a terminal, a \
            QR code for an authenticator app; then `fauth mfa enroll --code CODE` finishes (prompted on a terminal \
            when left out) and the new tokens replace the session's. The account needs a verified email \
            (unverified-email, exit 8) and, where Firebase asks, a recent sign-in (requires-recent-login, exit 5); \
            second-factor-already-enrolled (exit 7) and maximum-second-factor-count-exceeded (exit 7) as the \
            server says.

            `fauth mfa list` prints the signed-in user's factors (JSON: an array of {uid, factorId, displayName, \
            phoneNumber (masked), enrolledAt}); `fauth mfa unenroll ID` removes one (multi-factor-info-not-found \
            when the account has no such factor) and the new tokens replace the session's.
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        switch invocation.arguments.arguments.first {
        case "verify": return try MFAVerify(invocation: invocation).run()
        case "enroll": return try MFAEnroll(invocation: invocation).run()
        case "list": return try MFAList(invocation: invocation).run()
        case "unenroll": return try MFAUnenroll(invocation: invocation).run()
        case let word?: throw FauthError.usage("unknown mfa subcommand '\(word)'; use one of: \(Self.subcommands.joined(separator: ", "))")
        case nil: throw FauthError.usage("mfa needs a subcommand: \(Self.subcommands.joined(separator: ", "))")
        }
    }
}
