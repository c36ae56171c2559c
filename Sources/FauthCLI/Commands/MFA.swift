import FauthCore

/// `fauth mfa SUBCOMMAND`: second factors. `verify` finishes a sign-in that stopped at exit 9; each subcommand is a
/// command of its own (`MFAVerify`, …), with its own options and help; this page gathers theirs.
struct MFA: Command {
    /// The subcommands, in the order help lists them.
    static let children: [any Command] = [MFAVerify(), MFAEnroll(), MFAList(), MFAUnenroll()]

    var subcommands: [any Command] { Self.children }

    /// The command word.
    static let name = "mfa"

    let spec = CommandSpec(
        Self.name,
        summary: "Second factors: finish a sign-in that needs one; enroll, list or remove the user's factors.",
        usage: children.flatMap(\.spec.usage),
        details: "Each subcommand has its own options and help: `fauth mfa SUBCOMMAND --help`.\n\n"
            + children.map(\.spec.details).joined(separator: "\n\n"))

    /// Runs only without a subcommand (the parser hands a subcommand's line to it): a usage error.
    func run(_ invocation: Invocation) throws -> CommandOutput {
        throw FauthError.usage("mfa needs a subcommand: \(subcommandWords.joined(separator: ", "))")
    }
}
