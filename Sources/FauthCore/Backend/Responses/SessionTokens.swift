/// The credentials of a signed-in session, as the backend returns them.
package struct SessionTokens: Sendable, Equatable {
    /// The Firebase ID token (a JWT).
    package var idToken: String
    /// The refresh token.
    package var refreshToken: String
    /// The ID token's lifetime in seconds, when the server said (`expiresIn`).
    package var expiresIn: Int?

    /// Makes session tokens.
    package init(idToken: String, refreshToken: String, expiresIn: Int?) {
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }

    /// The lifetimes (`expiresIn`, in seconds) fauth accepts: up to ten years; Firebase's is 3600.
    static let lifetimeRange = 0...315_576_000

    /// The tokens of a response that carries `idToken`, `refreshToken` and `expiresIn`; nil when either token is
    /// absent or empty.
    static func readIfPresent(_ reader: ResponseReader) throws(FauthError) -> SessionTokens? {
        let idToken = try reader.optionalString("idToken") ?? ""
        let refreshToken = try reader.optionalString("refreshToken") ?? ""
        let expiresIn = try reader.integer("expiresIn", in: SessionTokens.lifetimeRange)
        guard !idToken.isEmpty, !refreshToken.isEmpty else { return nil }
        return SessionTokens(idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn)
    }

    /// The tokens of a response that must carry them (a sign-in, `mfaSignIn:finalize`, `mfaEnrollment:finalize`,
    /// `:withdraw`); either missing or empty is an answer fauth does not understand (`internal-error`, exit 1), as
    /// every malformed answer is: not `invalid-user-token`, which would send a script to run the command that just
    /// failed.
    static func read(_ reader: ResponseReader) throws(FauthError) -> SessionTokens {
        guard let tokens = try readIfPresent(reader) else {
            throw ResponseReader.malformed(reader.endpoint, "\"idToken\" or \"refreshToken\" is missing")
        }
        return tokens
    }
}
