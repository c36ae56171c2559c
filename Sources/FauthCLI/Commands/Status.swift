import FauthCore
import FauthJSON
import FauthText

/// `fauth status`: who is signed in, with which providers, and until when; exit 4 when not signed in, the server's
/// code when it refuses the session.
struct Status: Command {
    /// The command word.
    static let name = "status"

    let spec = CommandSpec(
        Self.name,
        summary: "Show who is signed in, with which providers and second factors, and when the token expires.",
        usage: ["status"],
        details: """
            Exits 4 (not-signed-in) when there is no session. A session the server no longer accepts is removed and \
            the error is the server's, as for every command: user-token-expired or invalid-user-token (exit 4), \
            user-disabled or user-not-found (exit 6). The custom claims an admin set are those of the session's ID \
            token (`claims` in JSON, `{}` when none; a line in text when there are some); claims set since it was \
            issued show after `fauth token --force-refresh`. The OAuth clients device sign-ins keep for this \
            profile (--client-id, --issuer) show as `device sign-in clients` (`deviceClients` in JSON).
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let (session, secondFactors) = try invocation.client().statusWithSecondFactors()
        let expires = ISO8601.format(session.expiresAt)
        let backend = session.project.target
        let claims = IDTokenPayload(token: session.idToken)?.customClaims ?? [:]
        let ownFile = invocation.sessionFileChooser == nil  // the profile's file, not one named by path
        var text =
            "Signed in as \(ResultText.identity(session.user))\nproviders: \(ResultText.providerList(session.user))\n"
            + "second factors: \(MFAText.factorList(secondFactors))\n"
            + "token expires: \(expires)\n" + (ownFile ? "profile: \(invocation.profile)\n" : "")
            + "session file: \(TerminalText.escaped(invocation.sessionFile ?? ""))\n"
            + "backend: \(TerminalText.escaped(backend.description))\n"
            + "storage: \(session.secretBackend == .keyring ? "keyring (Secret Service)" : "file")\n"
        if !claims.isEmpty { text += "custom claims: \(TerminalText.escaped(JSONValue.object(claims).serialized()))\n" }
        let deviceClients = session.project.deviceClients.sorted { $0.key < $1.key }
        if !deviceClients.isEmpty {
            let list = deviceClients.map { providerId, client in
                "\(providerId) (client ID \(client.clientId)" + (client.issuer.map { ", issuer \($0)" } ?? "") + ")"
            }
            text += "device sign-in clients: \(TerminalText.escaped(list.joined(separator: ", ")))\n"
        }
        var deviceClientsJSON = JSONObject()
        for (providerId, client) in deviceClients {
            deviceClientsJSON[providerId] = [
                "clientId": .string(client.clientId), "issuer": client.issuer.map(JSONValue.string) ?? .null,
            ]
        }
        return CommandOutput(
            json: [
                "signedIn": true, "user": session.user.jsonObject(), "expiresAt": .string(expires),
                "profile": ownFile ? .string(invocation.profile) : .null, "backend": backend.jsonObject(),
                "claims": .object(claims), "storage": ["backend": .string(session.secretBackend.rawValue)],
                "secondFactors": .array(secondFactors.map(\.jsonObject)), "deviceClients": .object(deviceClientsJSON),
            ],
            text: text, isData: true)
    }
}
