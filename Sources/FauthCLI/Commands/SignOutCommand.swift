import FauthCore
import FauthJSON

/// `fauth signout`: forget the profile's session, or every profile's with `--all`. Local only.
struct SignOutCommand: Command {
    func run(_ invocation: Invocation) throws -> CommandOutput {
        let store = try invocation.sessionStore()
        let paths = invocation.arguments.has("all") ? try store.allProfilePaths() : [store.path]
        var removed: [String] = []
        for path in paths where try SessionStore(path: path).remove() {
            removed.append(path)
        }
        let text = removed.isEmpty ? "Not signed in; nothing to do.\n" : removed.map { "Signed out (removed \($0))\n" }.joined()
        return CommandOutput(json: ["signedOut": true, "removed": .array(removed.map { .string($0) })], text: text, isData: false)
    }
}
