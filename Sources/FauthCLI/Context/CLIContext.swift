import FauthCore

/// Everything a command reads or writes outside itself, injected so that commands run the same in the binary and in
/// tests: no command touches the process, the terminal, files given on the command line, the network or the clock
/// but through this. (Session files go through the core's `SessionStore`, at the path the environment names.)
package struct CLIContext: Sendable {
    /// The process environment (the variables whose values are valid UTF-8).
    package var environment: [String: String]
    /// The names of the variables whose values are not valid UTF-8 (fauth refuses to read those).
    package var malformedVariables: Set<String>
    /// Writes to standard output; a failure (a full disk, a closed file) is thrown as `FauthError` `io-error`.
    package var writeOutput: @Sendable (String) throws -> Void
    /// Writes to standard error (best effort: there is nowhere left to report its failure).
    package var writeError: @Sendable (String) -> Void
    /// Reads standard input to its end, or nil once it holds more than `limit` bytes (reading stops there);
    /// failures are thrown as `FauthError`.
    package var readInput: @Sendable (_ limit: Int) throws -> [UInt8]?
    /// Reads a file named on the command line (`@FILE`, `--password-file`) as `readInput` reads stdin, within `seconds`
    /// (`InputFile`'s rule: a folder or a device is refused, a FIFO nobody writes to fails when the time is up).
    package var readFile: @Sendable (_ path: String, _ limit: Int, _ seconds: Double) throws -> [UInt8]?
    /// Asks for a secret on the terminal without echo, keeping at most `limit` + 1 bytes of the line.
    package var askSecret: @Sendable (_ prompt: String, _ interruptMessage: String, _ limit: Int) -> SecretAnswer
    /// Whether there is a terminal `askSecret` could ask on (checked before a request that a prompt will follow).
    package var hasTerminal: @Sendable () -> Bool
    /// Sends HTTP requests.
    package var transport: any HTTPTransport
    /// The current time.
    package var now: @Sendable () -> UnixTime
    /// Opens a URL in the person's browser (`$BROWSER`, else `xdg-open` or `open`) without waiting for it.
    package var openBrowser: @Sendable (_ url: String) -> BrowserOpening
    /// Runs `body` with Ctrl-C (SIGINT, SIGTERM) turned into a byte readable on the descriptor it gets (nil: the
    /// context has no signals), so a wait can end cleanly; the signals' previous handling is restored after.
    package var catchingInterrupts:
        @Sendable (_ body: (_ interruptDescriptor: Int32?) throws -> String) throws -> String
    /// Whether standard output is a terminal (a TOTP enrollment then also draws its QR code).
    package var outputIsTerminal: Bool
    /// Whether standard input and standard error are both terminals: a person is there to answer a prompt another
    /// program shows (the Secret Service's unlock prompt).
    package var inputAndErrorAreTerminals: Bool

    /// Makes a context from its parts.
    package init(
        environment: [String: String],
        malformedVariables: Set<String> = [],
        writeOutput: @escaping @Sendable (String) throws -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable (Int) throws -> [UInt8]?,
        readFile: @escaping @Sendable (String, Int, Double) throws -> [UInt8]?,
        askSecret: @escaping @Sendable (String, String, Int) -> SecretAnswer,
        hasTerminal: @escaping @Sendable () -> Bool,
        transport: any HTTPTransport,
        now: @escaping @Sendable () -> UnixTime,
        openBrowser: @escaping @Sendable (String) -> BrowserOpening,
        catchingInterrupts: @escaping @Sendable ((Int32?) throws -> String) throws -> String,
        outputIsTerminal: Bool = false,
        inputAndErrorAreTerminals: Bool = false
    ) {
        self.environment = environment
        self.malformedVariables = malformedVariables
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.readInput = readInput
        self.readFile = readFile
        self.askSecret = askSecret
        self.hasTerminal = hasTerminal
        self.transport = transport
        self.now = now
        self.openBrowser = openBrowser
        self.catchingInterrupts = catchingInterrupts
        self.outputIsTerminal = outputIsTerminal
        self.inputAndErrorAreTerminals = inputAndErrorAreTerminals
    }
}

/// What opening a URL in a browser did.
package enum BrowserOpening: Sendable, Equatable {
    /// This program was started with the URL.
    case started(program: String)
    /// No browser could be started, and why.
    case failed(String)
}
