/// The whole command set: global options and every command. Parsing, help, completions and the docs tests read it.
enum CommandCatalog {
    /// Options every command accepts, before or after the command word.
    static let globalOptions = GlobalOptions.all

    /// Every command's type, in the order help lists them.
    static let commandTypes: [any Command.Type] = [
        SignUp.self, SignIn.self, Link.self, Unlink.self, Reauth.self, Providers.self,
        SignOut.self, Token.self, VerifyToken.self, Status.self, Update.self, VerifyEmail.self, ResetPassword.self,
        Delete.self, MFA.self, Completion.self, Help.self,
    ]

    /// Every command, in the order help lists them.
    static let commands: [any Command] = commandTypes.map { $0.init() }

    /// Every command and subcommand (`mfa`, then `mfa verify`, …).
    static let everyCommand: [any Command] = commands.flatMap { [$0] + $0.subcommands }

    /// The command or subcommand with this name (`token`, `mfa enroll`), if there is one. Only it (and, for a
    /// subcommand, its parent and siblings) is made: building every command's spec to find one was a fifth of a
    /// cached `fauth token`'s instructions.
    static func command(named name: String) -> (any Command)? {
        let word = name.firstIndex(of: " ").map { String(name[..<$0]) } ?? name
        guard let command = commandTypes.first(where: { $0.name == word })?.init() else { return nil }
        return word == name ? command : command.subcommands.first { $0.spec.name == name }
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
