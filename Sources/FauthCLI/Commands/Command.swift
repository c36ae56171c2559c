/// One fauth command in one place: its spec (name, usage, options, help text) and its behaviour. The catalogue
/// lists these; parsing, help, completions and the docs tests read their specs.
protocol Command: Sendable {
    /// The command's name (`token`, `mfa verify`), its spec's name: the catalog finds a command by it without
    /// building any command's spec.
    static var name: String { get }
    /// Makes the command, spec and all.
    init()
    /// The command's name, usage lines, options, positional arguments and help text.
    var spec: CommandSpec { get }
    /// The commands under this one (`mfa verify`, …), each named with this one's name and its own word.
    var subcommands: [any Command] { get }
    /// Runs the command; failures are thrown as `FauthError` (a bad command line as `FauthError.usage`).
    func run(_ invocation: Invocation) throws -> CommandOutput
}

extension Command {
    var subcommands: [any Command] { [] }

    /// The words that pick the subcommands (`verify`, `enroll`, …).
    var subcommandWords: [String] {
        subcommands.map { String($0.spec.name.split(separator: " ").last ?? "") }
    }
}
