/// A command line fauth cannot run: unknown command or option, missing or bad value, conflicting options.
/// Reported as the `usage` error (exit 2), with a pointer to the right help.
public struct UsageError: Error, Sendable, Equatable {
    /// What is wrong, for the error message.
    public let message: String
    /// The command whose help to point to, if known.
    public let command: String?

    /// Makes a usage error.
    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
}
