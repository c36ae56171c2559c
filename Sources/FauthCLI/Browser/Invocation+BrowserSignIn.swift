import FauthCore

extension Invocation {
    /// Runs `complete` (sign in, link or reauthenticate) with the credential the options give: through the
    /// browser flow for `--browser`/`--no-browser`, else the one `credential(defaultEmail:)` reads. `verb`
    /// says what the result was on the browser's closing page ("Signed in as").
    func authenticate(defaultEmail: () throws -> String?, verb: (AuthResult) -> String,
                      _ complete: (Credential) throws -> AuthResult) throws -> AuthResult {
        if arguments.has(CredentialOptions.browser) || arguments.has(CredentialOptions.noBrowser) {
            return try BrowserSignIn(invocation: self).run(complete, verb: verb)
        }
        return try complete(try credential(defaultEmail: defaultEmail))
    }
}
