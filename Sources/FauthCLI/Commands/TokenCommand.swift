import FauthCore

/// `fauth token`: print a fresh ID token (the bare token in text mode), refreshing it when needed.
struct TokenCommand: Command {
    func run(_ invocation: Invocation) throws -> CommandOutput {
        let client = try invocation.client()
        let token = try client.idToken(forceRefresh: invocation.arguments.has("force-refresh"), cached: invocation.unlockedSession.get())
        return CommandOutput(
            json: ["idToken": .string(token.token), "expiresAt": .string(ISO8601.format(token.expiresAt))],
            text: token.token + "\n", isData: true)
    }
}
