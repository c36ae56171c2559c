/// The options of the `mfa` subcommands; `--code` and `--code-stdin` are shared by `verify` and `enroll`.
enum MFAOptions {
    static let factor = OptionSpec(
        "factor", value: "ID",
        help: "The second factor to use (its uid, as the exit-9 error lists it); optional with one factor.")
    static let code = OptionSpec(
        "code", value: "CODE", completion: .file,
        help: "The SMS or authenticator code (@FILE reads a file, @- reads stdin).",
        details: "4 to 10 digits; spaces are dropped.")
    static let codeStdin = OptionSpec(
        "code-stdin", help: "Read the code from standard input (one trailing newline removed).")
    static let phone = OptionSpec(
        "phone", value: "NUMBER", help: "The phone number (E.164, +15555550100) to send the SMS code to.")
    static let totp = OptionSpec(
        "totp", help: "Enroll a TOTP factor; prints the secret, its otpauth:// URI and, on a terminal, a QR code.")
    static let displayName = OptionSpec(
        "display-name", value: "NAME", help: "The factor's name (\"work phone\").")

    /// The code comes from one source.
    static let oneCodeSource = OptionConstraint.oneOf([code, codeStdin])
}
