import FauthCore

/// The credential of `signin`, `link` and `reauth`, as the options give it: through the browser, or read from the
/// options and the secrets they point to (the command's constraints let through one kind of credential only).
extension Invocation {
    /// Runs `complete` (sign in, link or reauthenticate) with the credential the options give: through the
    /// browser flow for `--browser`/`--no-browser`, the device flow for `--device`, else the one `credential(defaultEmail:)` reads. `verb`
    /// says what the result was on the browser's closing page ("Signed in as"); `newPassword` as `credential`'s.
    func authenticate(
        defaultEmail: () throws -> String?, verb: (AuthResult) -> String, newPassword: Bool = false,
        _ complete: (Credential) throws -> AuthResult
    ) throws -> AuthResult {
        if arguments.has(CredentialOptions.browser) || arguments.has(CredentialOptions.noBrowser) {
            return try BrowserSignIn(invocation: self).run(complete, verb: verb)
        }
        if arguments.has(CredentialOptions.device) { return try DeviceSignIn(invocation: self).run(complete) }
        return try complete(try credential(defaultEmail: defaultEmail, newPassword: newPassword))
    }

    /// The credential the options describe (for signin, link and reauth), reading secrets as needed; the command's
    /// constraints let through one kind of credential only. A password that is `new` (link's) is typed twice at the
    /// prompt.
    func credential(defaultEmail: () throws -> String?, newPassword new: Bool = false) throws -> Credential {
        if arguments.has(CredentialOptions.anonymous) { return .anonymous }
        if arguments.has(CredentialOptions.customToken) {
            return .customToken(try secrets.token(CredentialOptions.customToken) ?? "")
        }
        if let providerId = arguments.value(CredentialOptions.provider) {
            let credential = IdpCredential(
                providerId: providerId,
                idToken: try secrets.token(CredentialOptions.idToken),
                nonce: try secrets.token(CredentialOptions.nonce),
                accessToken: try secrets.token(CredentialOptions.accessToken),
                tokenSecret: try secrets.token(CredentialOptions.tokenSecret))
            try credential.validate()
            return .identityProvider(credential)
        }
        guard let email = try email() ?? defaultEmail() else {
            throw FauthError.usage("\(arguments.command ?? "fauth") needs a credential: \(credentialOptions())")
        }
        if arguments.has(CredentialOptions.emailLink) { return try emailLinkCredential(email: email) }
        let prompt = (new ? "New password" : "Password") + " for \(email)"
        let password = try secrets.password(prompt: prompt + ": ", confirmation: new ? prompt + " again: " : nil)
        return .password(email: email, password: password)
    }

    /// The credential options this command takes, as a list ("--email, --anonymous, … or --refresh-token").
    private func credentialOptions() -> String {
        let spec = arguments.command.flatMap(CommandCatalog.command(named:))?.spec
        let kinds = ["email", "anonymous", "custom-token", "provider", "refresh-token"]
            .filter { spec?.option(named: $0) != nil }.map { "--" + $0 }
        return kinds.count < 2 ? kinds.joined() : kinds.dropLast().joined(separator: ", ") + " or " + kinds.last!
    }

    /// `.emailLink` for `email` and the code of `--link` (the whole pasted link, its oobCode, `@FILE` or `@-`); a
    /// link of another kind is refused before any request (`invalid-action-code`).
    private func emailLinkCredential(email: String) throws -> Credential {
        let code = try ActionCodeLink.code(in: secrets.token(CredentialOptions.emailLink) ?? "", modes: ["signIn"])
        return .emailLink(email: email, code: code)
    }
}
