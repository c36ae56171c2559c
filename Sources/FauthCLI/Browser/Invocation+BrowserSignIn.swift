import FauthCore

extension Invocation {
    /// Runs `complete` (sign in, link or reauthenticate) with the credential the options give: through the
    /// browser flow for `--browser`/`--no-browser`, else the one `credential(defaultEmail:)` reads. `verb`
    /// says what the result was on the browser's closing page ("Signed in as"); `newPassword` as `credential`'s.
    func authenticate(defaultEmail: () throws -> String?, verb: (AuthResult) -> String, newPassword: Bool = false,
                      _ complete: (Credential) throws -> AuthResult) throws -> AuthResult {
        if arguments.has("browser") || arguments.has("no-browser") {
            return try BrowserSignIn(invocation: self).run(complete, verb: verb)
        }
        if let browserOnly = ["port", "scope", "custom-parameter", "callback-url"].first(where: arguments.has) {
            throw FauthError.usage("--\(browserOnly) goes with --browser or --no-browser")
        }
        return try complete(try credential(defaultEmail: defaultEmail, newPassword: newPassword))
    }
}
