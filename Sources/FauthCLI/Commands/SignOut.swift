import FauthCore
import FauthJSON
import FauthText

/// `fauth signout`: forget the profile's session, or every profile's with `--all`. Local only.
struct SignOut: Command {
    /// `--all`.
    static let all = OptionSpec(
        "all",
        help: """
            Forget the sessions (and pending second-factor steps) of every profile (not with --session or \
            FAUTH_SESSION).
            """,
        details: """
            --session and FAUTH_SESSION name a folder that is not fauth's, hence the refusal. Every file removed is \
            listed (removed), a pending step's (PROFILE.json.mfa-pending, PROFILE.json.mfa-enrollment) too, with or \
            without a session. The profiles left make the error session-store-error (exit 12), after the others.
            """)

    /// The command word.
    static let name = "signout"

    let spec = CommandSpec(
        Self.name, summary: "Forget the profile's session (signing out when signed out succeeds).",
        usage: ["signout [--all]"],
        options: [Self.all], constraints: [.oneOf([Self.all, GlobalOptions.session])],
        details: """
            Sign-out is local: Firebase ID and refresh tokens cannot be revoked by a client. A session path that is \
            not a regular file of yours (a FIFO, device, socket, folder or link) is refused, never removed. --all \
            removes the regular files of yours named PROFILE.json in fauth's sessions folder, with their keyring \
            items and every other item of fauth's for that folder whose files are gone (deleted by hand), and \
            leaves anything else; a profile it cannot sign out does not stop the others (exit 12 afterwards, naming each one left; \
            exit 10, session-busy, when each one left was only busy: another fauth held its lock for all of \
            --timeout, which bounds the wait for all of them together).
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let removed =
            invocation.arguments.has(Self.all)
            ? try removeAllProfiles(invocation) : try invocation.sessionStore().remove()
        let text =
            removed.isEmpty
            ? "Not signed in; nothing to do.\n" : removed.map { "Signed out (removed \($0))\n" }.joinedText()
        return CommandOutput(
            json: ["signedOut": true, "removed": .array(removed.map { .string($0) })], text: text, isData: false)
    }

    /// Removes the session files of every profile in fauth's sessions folder. A session file named by --session (a
    /// constraint) or FAUTH_SESSION lives in a folder of the user's choosing, whose other files are none of fauth's
    /// business.
    private func removeAllProfiles(_ invocation: Invocation) throws -> [String] {
        if !(invocation.context.environment["FAUTH_SESSION"] ?? "").isEmpty {
            throw FauthError.usage("--all forgets every profile's session; it does not go with FAUTH_SESSION")
        }
        let folder = try SessionLocation.sessionsFolder(environment: invocation.context.environment)
        let timeout = try invocation.runTimeout()
        return try SessionStore.removeAllProfiles(
            inFolder: folder, lockTimeout: timeout, storage: try invocation.secretStorage(timeout: timeout))
    }
}
