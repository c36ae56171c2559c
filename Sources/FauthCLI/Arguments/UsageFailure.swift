import FauthCore

extension FauthError {
    /// A command line fauth cannot run (unknown command or option, missing or bad value, conflicting options, a
    /// secret it cannot read): the `usage` error, exit 2. The one usage error type, for the CLI and the core alike.
    static func usage(_ message: String) -> FauthError {
        FauthError(.usage, message: message)
    }
}
