import FauthJSON

extension AuthClient {
    /// Verifies `token` as the Admin SDKs' `verifyIdToken` / `verifySessionCookie` do (`FirebaseTokenVerifier`),
    /// against Google's published certificates (the emulator's, host-prefixed, when the configuration names one),
    /// fetched through the transport and cached beside the session for their `max-age`. An unsigned token passes only
    /// against an emulator that publishes no keys. `checkRevoked` then asks the backend, as `checkRevoked: true`
    /// does, whether the account is disabled or its tokens were revoked after the token's `auth_time`.
    package func verifyToken(
        _ token: String, kind: FirebaseTokenKind, projectId: String, checkRevoked: Bool
    ) throws -> VerifiedToken {
        let url = publicKeysURL(kind)
        let cache = PublicKeyCache(beside: store, url: url)
        let verifier = FirebaseTokenVerifier(
            kind: kind, projectId: projectId, acceptsUnsigned: configuration.target.server.emulatorHost != nil)
        var verified = try verifier.verify(token, now: now().seconds) { refetch throws(FauthError) in
            if !refetch, let cached = cache.read(now: now().seconds) { return (cached, true) }
            let response = try backend.fetchDocument(url)
            guard
                let document = PublicKeyDocument(
                    url: url, body: response.body, cacheControl: response.header("Cache-Control"),
                    fetchedAt: now().seconds)
            else {
                throw FauthError(
                    .internalError, message: "The public keys at \(url) are not a JSON object of certificates.")
            }
            cache.write(document)
            return (document, false)
        }
        if checkRevoked {
            try checkRevocation(verified.claims, token: token, kind: kind)
            verified.checkedRevocation = true
        }
        return verified
    }

    /// Where the certificates of `kind` are published: `https://www.googleapis.com/…`, or on an emulator
    /// `http://HOST:PORT/www.googleapis.com/…`.
    func publicKeysURL(_ kind: FirebaseTokenKind) -> String {
        configuration.target.server.hostBase("www.googleapis.com") + "/" + kind.certificatesPath
    }

    /// The account behind a verified token, looked up with an ID token of its user (the token itself; for a session
    /// cookie, the signed-in session's, which must be the same user's): disabled is `user-disabled`, tokens revoked
    /// after `auth_time` (or a backend that refuses the token as revoked) the kind's revoked code.
    private func checkRevocation(_ claims: JSONObject, token: String, kind: FirebaseTokenKind) throws {
        let uid = claims["sub"]?.string ?? ""
        let idToken: String
        if kind == .idToken {
            idToken = token
        } else {
            guard let session = try store.load(), session.user.uid == uid else {
                throw FauthError(
                    .usage,
                    message: "A session cookie's revocation is checked with the signed-in session of the cookie's "
                        + "user (\(uid)); sign in as that user first.")
            }
            idToken = try self.idToken(forceRefresh: false).token
        }
        let account: AccountInfo
        do {
            account = try lookUpAccount(idToken: idToken, of: uid)
        } catch let error as FauthError where error.code == .userTokenExpired {
            throw revoked(kind)
        }
        guard !account.disabled else {
            throw FauthError(.userDisabled, message: "The user record is disabled.")
        }
        if let validSince = account.validSince, let authTime = claims["auth_time"]?.number,
            authTime < Double(validSince)
        {
            throw revoked(kind)
        }
    }

    /// The kind's revoked error, in the Admin SDK's words.
    private func revoked(_ kind: FirebaseTokenKind) -> FauthError {
        var error = FauthError(
            kind.revokedCode,
            message: "The \(kind.noun) has been revoked.")
        error.reason = "revoked"
        return error
    }
}
