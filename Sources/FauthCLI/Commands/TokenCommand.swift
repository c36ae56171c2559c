import FauthCore

/// `fauth token`: print a fresh ID token (the bare token in text mode), refreshing it when needed.
struct TokenCommand: Command {
    let spec = CommandSpec(
        "token", summary: "Print a fresh ID token for the signed-in user, refreshing it when needed.",
        usage: ["token [--force-refresh]"],
        options: [OptionSpec("force-refresh", help: "Refresh even if the cached token is still fresh.")],
        details: """
            The token is refreshed when less than 5 minutes of it remain. In text mode the bare token is the only \
            output, for use as: token=$(fauth token) || exit; then, keeping it off argv: \
            printf 'Authorization: Bearer %s\\n' "$token" | curl -H @- …
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let client = try invocation.client()
        let token = try client.idToken(forceRefresh: invocation.arguments.has("force-refresh"), cached: invocation.unlockedSession.get())
        return CommandOutput(
            json: ["idToken": .string(token.token), "expiresAt": .string(ISO8601.format(token.expiresAt))],
            text: token.token + "\n", isData: true)
    }
}
