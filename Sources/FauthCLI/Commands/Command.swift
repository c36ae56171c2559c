/// One fauth command in one place: its spec (name, usage, options, help text) and its behaviour. The catalogue
/// lists these; parsing, help, completions and the docs tests read their specs.
protocol Command: Sendable {
    /// The command's name, usage lines, options, positional arguments and help text.
    var spec: CommandSpec { get }
    /// Runs the command; failures are thrown as `FauthError` (a bad command line as `FauthError.usage`).
    func run(_ invocation: Invocation) throws -> CommandOutput
}
