#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FauthCore

/// Everything a command reads or writes outside itself, injected so that commands run the same in the binary and in
/// tests: no command touches the process, the terminal, files given on the command line, the network or the clock
/// but through this. (Session files go through the core's `SessionStore`, at the path the environment names.)
public struct CLIContext: Sendable {
    /// The process environment.
    public var environment: [String: String]
    /// Writes to standard output.
    public var writeOutput: @Sendable (String) -> Void
    /// Writes to standard error.
    public var writeError: @Sendable (String) -> Void
    /// Reads all of standard input; failures are thrown as `FauthError`.
    public var readInput: @Sendable () throws -> [UInt8]
    /// Reads a whole file named on the command line (`@FILE`, `--password-file`); failures as `FauthError`.
    public var readFile: @Sendable (_ path: String) throws -> [UInt8]
    /// Asks for a secret on the terminal without echo.
    public var askSecret: @Sendable (_ prompt: String, _ interruptMessage: String) -> SecretAnswer
    /// Sends HTTP requests.
    public var transport: any HTTPTransport
    /// The current time.
    public var now: @Sendable () -> Date

    /// Makes a context from its parts.
    public init(
        environment: [String: String],
        writeOutput: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable () throws -> [UInt8],
        readFile: @escaping @Sendable (String) throws -> [UInt8],
        askSecret: @escaping @Sendable (String, String) -> SecretAnswer,
        transport: any HTTPTransport,
        now: @escaping @Sendable () -> Date
    ) {
        self.environment = environment
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.readInput = readInput
        self.readFile = readFile
        self.askSecret = askSecret
        self.transport = transport
        self.now = now
    }
}

/// What asking for a secret on the terminal gave.
public enum SecretAnswer: Sendable, Equatable {
    /// The line typed.
    case secret(String)
    /// There is no terminal to ask on.
    case noTerminal
    /// The terminal reached end of input before a line.
    case endOfInput
}
