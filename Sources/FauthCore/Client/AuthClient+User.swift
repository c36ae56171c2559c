/// The signed-in user's operations: each runs on the locked session (`withSession`), refreshed first if needed.
extension AuthClient {
    /// Links `credential` to the signed-in user (upgrading an anonymous user keeps its uid). With `expectedUid` (the
    /// user signed in when the command started, before a browser sign-in's wait), a session that holds another user
    /// by now is `user-mismatch` and nothing is linked.
    package func link(_ credential: Credential, expectedUid: String? = nil) throws -> AuthResult {
        try Self.requireUserCredential(credential, for: "link")
        return try withSession(serverChange: .accountChanged) { session in
            if let expectedUid, session.user.uid != expectedUid {
                throw FauthError(
                    .userMismatch,
                    message: "The profile's session changed to another user (\(session.user.uid)) since "
                        + "this command started with \(expectedUid); nothing was linked.")
            }
            if session.user.providers.contains(where: { $0.providerId == credential.providerId }) {
                throw FauthError(
                    .providerAlreadyLinked, message: "The user already has a \(credential.providerId) credential.")
            }
            if case .password(_, let password) = credential, password.isEmpty {
                throw FauthError(.weakPassword, reason: "Missing password")
            }
            let idToken = session.idToken
            let link = { try authenticate(credential, linkingTo: idToken) }
            let (outcome, isNewUser) =
                if case .password(_, let password) = credential {
                    try underPasswordPolicy(password, link)
                } else {
                    try link()
                }
            guard let tokens = outcome.tokens else { throw secondFactorError(outcome) }
            try checkTokens(tokens, belongTo: session.user.uid)
            session = try afterServerChange(.accountChanged) { try makeSession(tokens, replacing: session) }
            return AuthResult(
                user: session.user, isNewUser: isNewUser, providerId: credential.providerId,
                expiresAt: session.expiresAt)
        }
    }

    /// Removes a provider from the signed-in user, after checking the (freshly looked-up) account has it.
    package func unlink(providerId: String) throws -> AuthResult {
        try withSession(serverChange: .accountChanged) { session in
            session.user = try lookUpUser(idToken: session.idToken, of: session.user.uid)
            guard session.user.providers.contains(where: { $0.providerId == providerId }) else {
                throw FauthError(.noSuchProvider, message: "The user has no \(providerId) provider.")
            }
            let response = try backend.call(
                UpdateAccountEndpoint(idToken: session.idToken, deleteProvider: [providerId]))
            if let tokens = response.tokens {
                try checkTokens(tokens, belongTo: session.user.uid)
                session = try afterServerChange(.accountChanged) { try makeSession(tokens, replacing: session) }
            } else {
                session.user = session.user.removingProvider(providerId, answer: response)
            }
            return AuthResult(
                user: session.user, isNewUser: false, providerId: providerId, expiresAt: session.expiresAt)
        }
    }

    /// Proves the signed-in user's identity again; credentials of another user fail with `user-mismatch` and
    /// leave the session as it was. No account is ever created: a provider credential is sent with
    /// `autoCreate: false`, and an email link for another email than the user's is refused before it is sent.
    package func reauthenticate(with credential: Credential) throws -> AuthResult {
        try Self.requireUserCredential(credential, for: "reauth")
        return try withSession(usesSessionToken: false) { session in
            if case .emailLink(let email, _) = credential, email.lowercased() != session.user.email?.lowercased() {
                throw FauthError(
                    .userMismatch,
                    message: "The email link is for \(email), not for the signed-in user's "
                        + "email; nothing was sent and the session is unchanged.")
            }
            let outcome: SignInOutcome
            do {
                outcome = try authenticate(credential, linkingTo: nil, reauthenticating: true).outcome
            } catch let error as FauthError where error.code == .userNotFound {
                throw FauthError(.userMismatch, server: error.server)
            }
            guard let tokens = outcome.tokens else {
                throw try pendSecondFactor(
                    outcome, purpose: .reauth, credential: credential, uid: session.user.uid, isNewUser: false)
            }
            try checkTokens(tokens, belongTo: session.user.uid, mismatch: .userMismatch)
            let user = try lookUpUser(idToken: tokens.idToken, of: session.user.uid, mismatch: .userMismatch)
            session = session.replacingTokens(tokens, user: user, now: now())
            session.project.deviceClients = configuration.project.deviceClients  // with the client a device reauth used
            return AuthResult(
                user: session.user, isNewUser: false, providerId: credential.providerId, expiresAt: session.expiresAt)
        }
    }

    /// The signed-in user's providers, looked up afresh (the session's copy is updated).
    package func providers() throws -> [ProviderInfo] {
        try withSession { session in
            session.user = try lookUpUser(idToken: session.idToken, of: session.user.uid)
            return session.user.providers
        }
    }

    /// The session, checked with the server (a lookup), refreshed if needed; `not-signed-in` when there is none.
    /// When the server no longer accepts it, the error is the server's, as for every session command
    /// (`user-disabled`, `user-not-found`, `user-token-expired`, `invalid-user-token`), and the dead session is removed.
    package func status() throws -> Session {
        try statusWithSecondFactors().session
    }

    /// `status()` with the user's enrolled second factors, from the same lookup; a refused session as `status()`.
    package func statusWithSecondFactors() throws -> (session: Session, secondFactors: [MFAEnrollment]) {
        try withSession { session in
            let account = try lookUpAccount(idToken: session.idToken, of: session.user.uid)
            session.user = UserProfile(account, idToken: session.idToken)
            return (session, account.mfaInfo)
        }
    }

    /// Link and reauthentication take an email and password, an email link or a provider credential: an anonymous
    /// or custom-token "credential" would sign in another user.
    private static func requireUserCredential(_ credential: Credential, for operation: String) throws {
        switch credential {
        case .password, .emailLink, .identityProvider: return
        case .anonymous, .customToken:
            throw FauthError(.usage, message: "\(operation) takes an email and password or a provider credential.")
        }
    }
}
