import FauthCore

/// Finds the secrets a command needs without ever taking them from argv: the password from `--password-stdin`,
/// `--password-file`, `FAUTH_PASSWORD` or a no-echo prompt, token values given as `@FILE` or `@-`, and a device
/// sign-in's client secret (`--client-secret-file FILE|@-`). Every one read from a file or standard input goes through
/// `read`: standard input can feed only one of them, every value is bounded (`InputLimits`) and must be valid UTF-8,
/// checked here before any request, and a value is never repaired into other text.
struct SecretReader {
    /// Where a secret is read from.
    enum Source {
        /// Standard input (`--password-stdin`, `@-`).
        case standardInput
        /// A file (or a pipe), read within a timeout.
        case file(String)
    }

    let context: CLIContext
    let arguments: ParsedArguments
    let interruptMessage: String
    private var standardInputTaken = false

    init(context: CLIContext, arguments: ParsedArguments, interruptMessage: String) {
        self.context = context
        self.arguments = arguments
        self.interruptMessage = interruptMessage
    }

    /// The password, from the source given (the command's constraints let through one); prompting only when
    /// allowed and a terminal exists. With `confirmation` (for a new password), a typed password is asked a second
    /// time and must be the same.
    mutating func password(prompt: String, confirmation: String? = nil) throws -> String {
        let fromStdin = arguments.has(CredentialOptions.passwordStdin)
        let file = arguments.value(CredentialOptions.passwordFile)
        let limit = InputLimits.passwordBytes
        let password: String
        if fromStdin {
            password = try read(.standardInput, limit: limit, source: "--password-stdin", allowingEmpty: true)
        } else if let file {
            password = try read(.file(file), limit: limit, source: "--password-file \(file)", allowingEmpty: true)
        } else if context.malformedVariables.contains("FAUTH_PASSWORD") {
            throw FauthError.usage("FAUTH_PASSWORD is not valid UTF-8")
        } else if let fromEnvironment = context.environment["FAUTH_PASSWORD"] {
            password = fromEnvironment
        } else {
            password = try prompted(prompt, limit: limit)
            if let confirmation, try prompted(confirmation, limit: limit) != password {
                throw FauthError.usage("the two passwords typed differ; nothing was changed")
            }
        }
        guard password.unicodeScalars.count <= InputLimits.passwordCharacters else {
            throw FauthError.usage(
                "the password is longer than \(InputLimits.passwordCharacters) characters (Firebase's maximum)")
        }
        return password
    }

    /// The value of a token option: itself, or the contents of FILE for `@FILE` (read within `seconds`, by default
    /// the run's timeout), or standard input for `@-`.
    mutating func token(_ option: OptionSpec, within seconds: Double? = nil) throws -> String? {
        guard let raw = arguments.value(option) else { return nil }
        return try token(raw, source: "--\(option.name)", within: seconds)
    }

    /// `raw` itself, or the contents of FILE for `@FILE` (read within `seconds`, by default the run's timeout), or
    /// standard input for `@-`; `source` names it in messages (`--refresh-token`, `the token argument`).
    mutating func token(_ raw: String, source: String, within seconds: Double? = nil) throws -> String {
        let limit = InputLimits.tokenBytes
        let value: String
        if raw == "@-" {
            value = try read(.standardInput, limit: limit, source: "\(source) @-", allowingEmpty: true)
        } else if raw.hasPrefix("@") {
            let path = String(raw.dropFirst())
            value = try read(
                .file(path), limit: limit, source: "\(source) @\(path)", within: seconds, allowingEmpty: true)
        } else {
            guard raw.utf8.count <= limit else { throw FauthError.usage("\(source) is longer than \(limit) bytes") }
            value = raw
        }
        guard !value.isEmpty else { throw FauthError.usage("\(source) is empty") }
        return value
    }

    /// The secret `from` holds, the one rule for every secret read: at most `limit` bytes (a file read within
    /// `seconds`, by default the run's timeout), one trailing newline removed, valid UTF-8, and not empty unless
    /// `allowingEmpty`; anything else is `usage` naming `source` (`--client-secret-file FILE`).
    mutating func read(
        _ from: Source, limit: Int, source: String, within seconds: Double? = nil, allowingEmpty: Bool = false
    ) throws -> String {
        let bytes =
            switch from {
            case .standardInput: try standardInput(for: source, limit: limit)
            case .file(let path): try context.readFile(path, limit, try seconds ?? fileTimeout())
            }
        let value = try Self.text(bytes, limit: limit, source: source)
        guard allowingEmpty || !value.isEmpty else { throw FauthError.usage("\(source) is empty") }
        return value
    }

    /// How long reading a named file may take: the run's timeout.
    private func fileTimeout() throws -> Double {
        try arguments.runTimeout(environment: context.environment)
    }

    private func prompted(_ prompt: String, limit: Int) throws -> String {
        try line(
            prompt: prompt, noun: "password", sources: "--password-stdin, --password-file FILE or FAUTH_PASSWORD",
            limit: limit)
    }

    /// One line typed on the terminal without echo (a secret the command line did not give); `noun` and
    /// `sources` name it and the other ways to give it in the errors (`--no-input`, no terminal, end of input).
    func line(prompt: String, noun: String, sources: String, limit: Int = InputLimits.tokenBytes) throws -> String {
        try checkPromptAllowed(noun: noun, sources: sources)
        switch context.askSecret(prompt, interruptMessage, limit) {
        case .secret(let bytes): return try Self.text(bytes, limit: limit, source: "the \(noun) typed")
        case .endOfInput: throw FauthError(.cancelled, message: "the \(noun) prompt got end of input")
        case .noTerminal: throw Self.noTerminal(noun: noun, sources: sources)
        }
    }

    /// Checks ahead, before any request, that `line` could ask for `noun`: `--no-input` is not given and there is a
    /// terminal (`usage` otherwise, as `line` would throw).
    func checkPromptPossible(noun: String, sources: String) throws {
        try checkPromptAllowed(noun: noun, sources: sources)
        guard context.hasTerminal() else { throw Self.noTerminal(noun: noun, sources: sources) }
    }

    private func checkPromptAllowed(noun: String, sources: String) throws {
        guard !arguments.has(GlobalOptions.noInput) else {
            throw FauthError.usage("a \(noun) is needed: use \(sources) (--no-input forbids the prompt)")
        }
    }

    private static func noTerminal(noun: String, sources: String) -> FauthError {
        FauthError.usage("a \(noun) is needed and there is no terminal to ask on: use \(sources)")
    }

    mutating func standardInput(for use: String, limit: Int) throws -> [UInt8]? {
        guard !standardInputTaken else {
            throw FauthError.usage("standard input can feed only one of the secrets (\(use))")
        }
        standardInputTaken = true
        return try context.readInput(limit)
    }

    /// The text of `bytes` without one trailing newline (`\n` or `\r\n`, as docker's --password-stdin does); nil
    /// (more than `limit` bytes were there), a longer value or bytes that are not UTF-8 → `usage` naming `source`.
    static func text(_ bytes: [UInt8]?, limit: Int, source: String) throws -> String {
        guard var bytes = bytes?[...], bytes.count <= limit else {
            throw FauthError.usage("\(source): the input is longer than \(limit) bytes")
        }
        if bytes.last == UInt8(ascii: "\n") {
            bytes = bytes.dropLast()
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FauthError.usage("\(source): the input is not valid UTF-8")
        }
        return text
    }
}
