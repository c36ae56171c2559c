import FauthCore

/// `fauth token`: print a fresh ID token (the bare token in text mode), refreshing it when needed.
struct TokenCommand: Command {
    func run(_ invocation: Invocation) throws -> CommandOutput {
        let token = try invocation.client().idToken(forceRefresh: invocation.arguments.has("force-refresh"))
        return CommandOutput(
            json: ["idToken": .string(token.token), "expiresAt": .string(ISO8601.format(token.expiresAt))],
            text: token.token + "\n", isData: true)
    }
}
