import FauthCore
import FauthJSON
import FauthText

/// `fauth verify-token [@FILE|@-]`: verify a Firebase ID token or session cookie as the Admin SDKs do.
struct VerifyToken: Command {
    /// `--session-cookie`.
    static let sessionCookie = OptionSpec(
        "session-cookie", help: "Verify a session cookie (issuer session.firebase.google.com, its own keys).")
    /// `--check-revoked`.
    static let checkRevoked = OptionSpec(
        "check-revoked", help: "Also ask the backend whether the account is disabled or its tokens were revoked.")
    /// `--project`.
    static let project = OptionSpec(
        "project", value: "ID",
        help: "The project the token must be for (default: the config file's or session's, else GOOGLE_CLOUD_PROJECT "
            + "or GCLOUD_PROJECT).")

    /// The command word.
    static let name = "verify-token"

    let spec = CommandSpec(
        Self.name, summary: "Verify a Firebase ID token or session cookie as the Admin SDKs do.",
        usage: ["verify-token [@FILE|@-] [--session-cookie] [--check-revoked] [--project ID]"],
        options: [Self.sessionCookie, Self.checkRevoked, Self.project], arguments: ["@FILE|@-"],
        argumentCompletion: .file,
        details: """
            The token is read from FILE or standard input (@-), or is the signed-in session's ID token when no \
            argument is given (refreshed first when it is expiring); a token written on the command line is refused \
            (usage, exit 2), since argv is visible to other users.

            The checks are the Admin SDKs' verifyIdToken and verifySessionCookie: header alg RS256 with a kid that \
            names one of Google's published keys; aud the project; iss https://securetoken.google.com/PROJECT \
            (session cookies: https://session.firebase.google.com/PROJECT); sub a user id of 1 to 128 characters; \
            the RS256 signature; iat and auth_time not in the future and exp not past, 10 seconds of clock skew \
            allowed. The keys (www.googleapis.com's certificates, or the emulator's when one is configured) are \
            fetched through the same transport as every request and cached beside the session until their \
            Cache-Control max-age runs out; a kid no cached key has fetches them again, once. An emulator that \
            publishes no keys (not started with --sign-tokens) mints unsigned tokens (alg none): they are accepted \
            against it, and reported as unsigned, never against Google.

            A refused token exits 6 with the Admin SDK's code: invalid-id-token (invalid-session-cookie) with the \
            reason (malformed, algorithm, kid, audience, issuer, subject, signature, issued-at, auth-time, expiry), \
            id-token-expired (session-cookie-expired), id-token-revoked (session-cookie-revoked) or user-disabled \
            with --check-revoked. --check-revoked looks the account up with the token itself (a session cookie: \
            with the signed-in session of the cookie's user).
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let arguments = invocation.arguments
        let kind: FirebaseTokenKind = arguments.has(Self.sessionCookie) ? .sessionCookie : .idToken
        guard arguments.arguments.count <= 1 else {
            throw FauthError.usage("verify-token takes one token source, @FILE or @-")
        }
        let source = arguments.arguments.first
        if let source, !source.hasPrefix("@") || source.count == 1 {
            throw FauthError.usage(
                "verify-token takes @FILE or @- (standard input), never the token itself on the command line")
        }
        if source == nil, kind == .sessionCookie {
            throw FauthError.usage("verify-token --session-cookie needs the cookie: @FILE or @-")
        }
        let client = try invocation.client()
        let token: String
        if let source {
            let words = try invocation.secrets.token(source, source: "verify-token").split(
                whereSeparator: \.isWhitespace)
            guard words.count == 1, let word = words.first else {
                throw FauthError.usage("verify-token: the input holds \(words.count) words, not one token")
            }
            token = String(word)
        } else {
            token = try client.idToken(forceRefresh: false).token
        }
        guard
            let projectId = arguments.value(Self.project) ?? client.configuration.target.projectId
                ?? invocation.context.environment["GOOGLE_CLOUD_PROJECT"]
                ?? invocation.context.environment["GCLOUD_PROJECT"],
            !projectId.isEmpty
        else {
            throw FauthError.usage(
                "verify-token needs the project ID: --project ID, a config file naming it, or GOOGLE_CLOUD_PROJECT")
        }
        let verified = try client.verifyToken(
            token, kind: kind, projectId: projectId, checkRevoked: arguments.has(Self.checkRevoked))
        return CommandOutput(
            json: VerifiedTokenOutput.json(verified, kind: kind, projectId: projectId),
            text: VerifiedTokenOutput.text(verified, kind: kind, projectId: projectId), isData: true,
            namesSessionFile: false)
    }
}

/// How `verify-token` prints a verified token.
enum VerifiedTokenOutput {
    /// `{"valid", "kind", "projectId", "uid", "claims", "verification": {…}}`.
    static func json(_ verified: VerifiedToken, kind: FirebaseTokenKind, projectId: String) -> JSONValue {
        let verification: JSONObject = [
            "signed": .bool(verified.kid != nil), "algorithm": .string(verified.algorithm),
            "kid": verified.kid.map { .string($0) } ?? .null, "keysURL": .string(verified.keysURL),
            "keysFromCache": .bool(verified.keysFromCache), "checkedRevocation": .bool(verified.checkedRevocation),
            "clockSkewSeconds": .number(FirebaseTokenVerifier.clockSkew),
        ]
        return [
            "valid": true, "kind": .string(kind == .idToken ? "idToken" : "sessionCookie"),
            "projectId": .string(projectId), "uid": .string(verified.claims["sub"]?.string ?? ""),
            "claims": .object(verified.claims), "verification": .object(verification),
        ]
    }

    /// Who, which project, provider, expiry, and how it was verified.
    static func text(_ verified: VerifiedToken, kind: FirebaseTokenKind, projectId: String) -> String {
        let claims = verified.claims
        let who = [claims["sub"]?.string, claims["email"]?.string].compactMap { $0.map(TerminalText.escaped) }
            .joined(separator: " ")
        let provider = TerminalText.escaped(claims["firebase"]?["sign_in_provider"]?.string ?? "unknown")
        let expiry = claims["exp"]?.number.map { ISO8601.format(UnixTime(seconds: $0)) } ?? "unknown"
        let signature =
            verified.kid.map {
                "RS256, key \($0) (\(verified.keysFromCache ? "cached" : "fetched") from \(verified.keysURL))"
            }
            ?? "none: unsigned token of an emulator that does not sign"
        var text =
            "Valid \(kind.noun) for \(who)\nproject: \(TerminalText.escaped(projectId))\nprovider: \(provider)\n"
            + "expires: \(expiry)\n"
            + "signature: \(signature)\n"
        if verified.checkedRevocation { text += "revocation: checked, not revoked\n" }
        return text
    }
}
