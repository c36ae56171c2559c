import FauthCore

/// `fauth reauth`: prove the signed-in user's identity again; another user's credentials are refused.
struct ReauthCommand: Command {
    func run(_ invocation: Invocation) throws -> CommandOutput {
        let credential = try invocation.credential(defaultEmail: {
            guard let session = try invocation.unlockedSession.get()?.session else { throw FauthError(.notSignedIn) }
            guard let email = session.user.email else {
                throw UsageError("the signed-in user has no email: give --email or --provider", command: "reauth")
            }
            return email
        })
        let result = try invocation.client().reauthenticate(with: credential)
        return CommandOutput(json: ResultText.json(result), text: ResultText.text("Reauthenticated", result), isData: false)
    }
}
