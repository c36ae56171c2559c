import FauthCore

/// `fauth signin --refresh-token @FILE|@-`: moving a session in from another client (an app, pyrebase4, another
/// machine's fauth) by its refresh token, which never goes on argv.
extension SignIn {
    /// `--refresh-token`.
    static let refreshTokenOption = OptionSpec(
        "refresh-token", value: "@FILE|@-", completion: .file,
        help: "Sign in with a refresh token another client holds, read from FILE or stdin (never a literal value).",
        details: "Another client: an app, pyrebase4, another machine's fauth.")

    /// The help paragraph on `--refresh-token`.
    static let refreshTokenDetails = """
        --refresh-token makes the session from a refresh token: one refresh, then a lookup of its user; the token \
        is then the session's. It is read from @FILE or @- only: a token written on the command line is refused \
        (usage, exit 2), since argv is visible to other users. A token the server refuses fails with \
        invalid-user-token (exit 4) and leaves the session as it was.
        """

    /// Signs in with the refresh token when `--refresh-token` is given (nil otherwise); a literal value is a usage
    /// error before anything is read or sent.
    func signInWithRefreshTokenIfAsked(_ invocation: Invocation) throws -> CommandOutput? {
        let arguments = invocation.arguments
        guard let raw = arguments.value(Self.refreshTokenOption) else { return nil }
        guard raw.hasPrefix("@"), raw.count > 1 else {
            throw FauthError.usage(
                "--refresh-token takes @FILE or @- (standard input), never the token itself on the command line")
        }
        let words = try (invocation.secrets.token(Self.refreshTokenOption) ?? "").split(whereSeparator: \.isWhitespace)
        guard words.count == 1, let token = words.first else {
            throw FauthError.usage("--refresh-token: the input holds \(words.count) words, not one refresh token")
        }
        let result = try invocation.client().signIn(refreshToken: String(token))
        return CommandOutput(
            json: ResultJSON.authResult(result), text: ResultText.text("Signed in as", result), isData: false)
    }
}
