import FauthCore

/// The email-link (passwordless) credential of `signin` and `link`: `--email` with `--link`.
extension Invocation {
    /// `.emailLink` for `email` and the code of `--link` (the whole pasted link, its oobCode, `@FILE` or `@-`); a
    /// link of another kind is refused before any request (`invalid-action-code`).
    func emailLinkCredential(email: String) throws -> Credential {
        if let stray = ["password-stdin", "password-file"].first(where: arguments.has) {
            throw FauthError.usage("--\(stray) does not go with --link: an email link needs no password")
        }
        let code = try ActionCodeLink.code(in: secrets.token(option: "link") ?? "", modes: ["signIn"])
        return .emailLink(email: email, code: code)
    }
}
