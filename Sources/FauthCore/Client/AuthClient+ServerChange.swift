import FauthJSON

/// What the server answers is checked before it is trusted, and what it already did is never hidden: new tokens must
/// be a JWT of the expected user, and a failure after a call that changed the server is `server-changed`.
extension AuthClient {
    /// Checks new tokens before anything is built on them and returns their user (`user_id`, else `sub`): the ID
    /// token must be a JWT (else `malformed-jwt`) and, when `uid` is given (the session's user, for a refresh,
    /// reauthentication, link, unlink, update or second-factor change), name that user (else `mismatch`).
    @discardableResult
    func checkTokens(_ tokens: SessionTokens, belongTo uid: String?, mismatch: ErrorCode = .internalError) throws
        -> String
    {
        guard let payload = JWTPayload.decode(tokens.idToken) else {
            throw FauthError(
                .malformedJWT,
                message: "The server's new ID token is not a JWT; the session was left as it was.")
        }
        let subject = payload["user_id"]?.string ?? payload["sub"]?.string ?? ""
        if let uid, subject != uid {
            throw FauthError(
                mismatch,
                message: "The server's new ID token is for another user (\(subject)) than the "
                    + "session's (\(uid)); the session was left as it was.")
        }
        return subject
    }

    /// Runs `body`, the local steps after a call that made `change` on the server (none when nil): a failure then
    /// becomes `server-changed`, saying what the server did, never the failure's own advice to retry.
    func afterServerChange<T>(_ change: ServerChange?, _ body: () throws -> T) throws -> T {
        guard let change else { return try body() }
        do {
            return try body()
        } catch let error as FauthError {
            throw FauthError(serverChanged: change, after: error)
        }
    }
}
