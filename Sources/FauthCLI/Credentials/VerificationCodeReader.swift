import FauthCore

/// The one-time code of a second factor: from `--code CODE` (`@FILE`, `@-`), `--code-stdin`, or typed at a prompt on
/// the terminal (Ctrl-C exits 130 and Ctrl-D cancels, as at the password prompt).
extension SecretReader {
    /// The longest code accepted, in bytes (Firebase's codes have 6 digits; TOTP allows up to 10).
    static let codeLimit = 64

    /// The code given on the command line or standard input; nil when neither `--code` nor `--code-stdin` is there.
    mutating func verificationCode() throws -> String? {
        if arguments.has(MFAOptions.codeStdin) {
            let bytes = try standardInput(for: "--code-stdin", limit: Self.codeLimit)
            return try Self.checkedCode(Self.text(bytes, limit: Self.codeLimit, source: "--code-stdin"))
        }
        return try token(MFAOptions.code).map(Self.checkedCode)
    }

    /// Asks for the code on the terminal; nil when there is no terminal or `--no-input` forbids asking.
    func promptedCode(_ prompt: String) throws -> String? {
        guard !arguments.has(GlobalOptions.noInput) else { return nil }
        switch context.askSecret(prompt, interruptMessage, Self.codeLimit) {
        case .secret(let bytes):
            return try Self.checkedCode(Self.text(bytes, limit: Self.codeLimit, source: "the code typed"))
        case .endOfInput: throw FauthError(.cancelled, message: "the code prompt got end of input")
        case .noTerminal: return nil
        }
    }

    /// The code without the spaces people type in it (`123 456`); anything but 4 to 10 ASCII digits → `usage`.
    static func checkedCode(_ text: String) throws -> String {
        let code = text.filter { $0 != " " }
        guard (4...10).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else {
            throw FauthError.usage("a verification code is 4 to 10 digits")
        }
        return code
    }
}
