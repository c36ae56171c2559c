import FauthCore
import FauthJSON

/// `fauth token`: print a fresh ID token (the bare token in text mode), refreshing it when needed.
struct Token: Command {
    /// `--force-refresh`.
    static let forceRefresh = OptionSpec("force-refresh", help: "Refresh even if the cached token is still fresh.")
    /// `--claims`.
    static let claims = OptionSpec(
        "claims", help: "Print the token's decoded payload (its claims) as JSON instead of the token.")

    /// The command word.
    static let name = "token"

    let spec = CommandSpec(
        Self.name, summary: "Print a fresh ID token for the signed-in user, refreshing it when needed.",
        usage: ["token [--force-refresh] [--claims]"],
        options: [Self.forceRefresh, Self.claims],
        details: """
            The token is refreshed when less than 5 minutes of it remain. In text mode the bare token is the only \
            output, for use as: token=$(fauth token) || exit; then, keeping it off argv: \
            printf 'Authorization: Bearer %s\\n' "$token" | curl -H @- …

            --claims prints the fresh token's payload instead, as one JSON object (indented in text mode): \
            Firebase's claims (user_id, email, auth_time, exp, firebase.sign_in_provider, …) and the custom claims \
            an admin set. Claims set since the token was issued appear after a refresh: --claims --force-refresh.
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let client = try invocation.client()
        let token = try client.idToken(forceRefresh: invocation.arguments.has(Self.forceRefresh))
        if invocation.arguments.has(Self.claims) {
            guard let payload = IDTokenPayload(token: token.token) else {
                throw FauthError(.malformedJWT, message: "The ID token's payload is not a JSON object.")
            }
            let claims = JSONValue.object(payload.claims)
            return CommandOutput(
                json: claims, text: claims.serialized(pretty: true) + "\n", isData: true, namesSessionFile: false)
        }
        return CommandOutput(
            json: ["idToken": .string(token.token), "expiresAt": .string(ISO8601.format(token.expiresAt))],
            text: token.token + "\n", isData: true)
    }
}
