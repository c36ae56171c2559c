import FauthCore

/// `fauth status`: who is signed in, with which providers, and until when; exit 4 when not signed in.
struct StatusCommand: Command {
    let spec = CommandSpec(
        "status", summary: "Show who is signed in, with which providers and second factors, and when the token expires.",
        usage: ["status"],
        details: "Exits 4 when there is no session or the server no longer accepts it.")

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let (session, secondFactors) = try invocation.client().statusWithSecondFactors()
        let expires = ISO8601.format(session.expiresAt)
        let backend = BackendIdentity(session.project)
        let text = "Signed in as \(ResultText.identity(session.user))\nproviders: \(ResultText.providerList(session.user))\n"
            + "second factors: \(MFAText.factorList(secondFactors))\n"
            + "token expires: \(expires)\nprofile: \(invocation.profile)\nbackend: \(TerminalText.escaped(backend.description))\n"
        return CommandOutput(
            json: ["signedIn": true, "user": session.user.jsonObject(), "expiresAt": .string(expires),
                   "profile": .string(invocation.profile), "backend": backend.jsonObject(),
                   "secondFactors": .array(secondFactors.map(\.jsonObject))],
            text: text, isData: true)
    }
}
