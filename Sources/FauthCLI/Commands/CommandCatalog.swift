/// The whole command set: global options and every command. Parsing, help, completions and the docs tests read it.
enum CommandCatalog {
    /// Options every command accepts, before or after the command word.
    static let globalOptions = GlobalOptions.all

    /// Every command, in the order help lists them.
    static let commands: [any Command] = [
        SignUp(), SignIn(), Link(), Unlink(), Reauth(), Providers(),
        SignOut(), Token(), VerifyToken(), Status(), Update(), VerifyEmail(), ResetPassword(), Delete(), MFA(),
        Completion(), Help(),
    ]

    /// Every command and subcommand (`mfa`, then `mfa verify`, …).
    static let everyCommand: [any Command] = commands.flatMap { [$0] + $0.subcommands }

    /// The command or subcommand with this name (`token`, `mfa enroll`), if there is one.
    static func command(named name: String) -> (any Command)? {
        everyCommand.first { $0.spec.name == name }
    }

    /// The global option with this long name, if there is one.
    static func globalOption(named name: String) -> OptionSpec? {
        globalOptions.first { $0.name == name }
    }

    /// The global option with this short letter, if there is one.
    static func globalOption(short: Character) -> OptionSpec? {
        globalOptions.first { $0.short == short }
    }
}
