import FauthCore

/// The email-link (passwordless) credential of `signin` and `link`: `--email` with `--link`.
extension Invocation {
    /// `.emailLink` for `email` and the code of `--link` (the whole pasted link, its oobCode, `@FILE` or `@-`); a
    /// link of another kind is refused before any request (`invalid-action-code`).
    func emailLinkCredential(email: String) throws -> Credential {
        let code = try ActionCodeLink.code(in: secrets.token(CredentialOptions.emailLink) ?? "", modes: ["signIn"])
        return .emailLink(email: email, code: code)
    }
}
