import FauthCore

/// Finds the secrets a command needs without ever taking them from argv: the password from `--password-stdin`,
/// `--password-file`, `FAUTH_PASSWORD` or a no-echo prompt, and token values given as `@FILE` or `@-`.
/// Standard input can feed only one of them.
struct SecretReader {
    let context: CLIContext
    let arguments: ParsedArguments
    let interruptMessage: String
    private var standardInputTaken = false

    init(context: CLIContext, arguments: ParsedArguments, interruptMessage: String) {
        self.context = context
        self.arguments = arguments
        self.interruptMessage = interruptMessage
    }

    /// The password, from the first source given; prompting only when allowed and a terminal exists.
    mutating func password(prompt: String) throws -> String {
        let fromStdin = arguments.has("password-stdin")
        let file = arguments.value("password-file")
        if fromStdin, file != nil {
            throw FauthError.usage("--password-stdin and --password-file cannot be used together")
        }
        if fromStdin { return try standardInput(for: "--password-stdin") }
        if let file { return Self.strippingOneNewline(try context.readFile(file)) }
        if let password = context.environment["FAUTH_PASSWORD"] { return password }
        guard !arguments.has("no-input") else {
            throw FauthError.usage("a password is needed: use --password-stdin, --password-file FILE or FAUTH_PASSWORD (--no-input forbids the prompt)")
        }
        switch context.askSecret(prompt, interruptMessage) {
        case .secret(let secret): return secret
        case .endOfInput: throw FauthError(.cancelled, message: "the password prompt got end of input")
        case .noTerminal:
            throw FauthError.usage("a password is needed and there is no terminal to ask on: use --password-stdin, --password-file FILE or FAUTH_PASSWORD")
        }
    }

    /// The value of a token option: itself, or the contents of FILE for `@FILE`, or standard input for `@-`.
    mutating func token(option name: String) throws -> String? {
        guard let raw = arguments.value(name) else { return nil }
        let value: String
        if raw == "@-" {
            value = try standardInput(for: "--\(name) @-")
        } else if raw.hasPrefix("@") {
            value = Self.strippingOneNewline(try context.readFile(String(raw.dropFirst())))
        } else {
            value = raw
        }
        guard !value.isEmpty else { throw FauthError.usage("--\(name) is empty") }
        return value
    }

    private mutating func standardInput(for use: String) throws -> String {
        guard !standardInputTaken else {
            throw FauthError.usage("standard input can feed only one of the secrets (\(use))")
        }
        standardInputTaken = true
        return Self.strippingOneNewline(try context.readInput())
    }

    /// The text of `bytes` without one trailing newline (`\n` or `\r\n`), as docker's --password-stdin does.
    static func strippingOneNewline(_ bytes: [UInt8]) -> String {
        var bytes = bytes[...]
        if bytes.last == UInt8(ascii: "\n") {
            bytes = bytes.dropLast()
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
