import FauthCore

/// The command-line checks the `mfa` subcommands share: each takes only its own options and arguments.
enum MFAOptions {
    /// The options of `mfa` (all subcommands together).
    static var all: [String] { MFACommand().spec.options.map(\.name) }

    /// `usage` when an `mfa` option other than `allowed` is given, or more positional arguments than `argumentCount`
    /// (the subcommand word included).
    static func require(_ invocation: Invocation, allowing allowed: Set<String>, for subcommand: String, argumentCount: Int = 1) throws {
        if let stray = all.first(where: { !allowed.contains($0) && invocation.arguments.has($0) }) {
            throw FauthError.usage("--\(stray) does not go with 'mfa \(subcommand)'")
        }
        let arguments = invocation.arguments.arguments
        if arguments.count > argumentCount {
            throw FauthError.usage("unexpected argument '\(arguments[argumentCount])'")
        }
    }
}
