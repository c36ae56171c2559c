/// Signing in: the operations that start a session (or need none), and the sign-in calls they and `link`/`reauth`
/// send for a credential.
extension AuthClient {
    /// Creates an email/password account and makes it the profile's session.
    package func signUp(email: String, password: String) throws -> AuthResult {
        guard !email.isEmpty else { throw FauthError(.missingEmail) }
        guard !password.isEmpty else { throw FauthError(.weakPassword, reason: "Missing password") }
        try store.checkWritable()  // before the account exists: a retry must not meet email-already-in-use
        return try underPasswordPolicy(password) {
            try store.withLock { file in
                try startSession(providerId: "password", email: email, in: file) {
                    (try backend.call(SignUpEndpoint.emailPassword(email: email, password: password)).outcome, true)
                }
            }
        }
    }

    /// Signs in with `credential`, replacing the profile's session.
    package func signIn(with credential: Credential) throws -> AuthResult {
        try store.checkWritable()
        let email: String? =
            switch credential {
            case .password(let email, _), .emailLink(let email, _): email
            case .anonymous, .customToken, .identityProvider: nil
            }
        return try store.withLock { file in
            try startSession(providerId: credential.providerId, email: email, in: file) {
                let (outcome, isNewUser) = try authenticate(credential, linkingTo: nil)
                if outcome.tokens == nil {
                    throw try pendSecondFactor(
                        outcome, purpose: .signIn, credential: credential, uid: nil,
                        isNewUser: isNewUser)
                }
                return (outcome, isNewUser)
            }
        }
    }

    /// Makes the profile's session from a refresh token another client holds: one refresh (Secure Token), then a
    /// lookup; the refresh token is then the session's. A refused token is `invalid-user-token` and changes nothing.
    package func signIn(refreshToken: String) throws -> AuthResult {
        guard !refreshToken.isEmpty else { throw FauthError(.invalidUserToken, message: "The refresh token is empty.") }
        try store.checkWritable()
        return try store.withLock { file in
            let tokens = try backend.call(RefreshTokenEndpoint(refreshToken: refreshToken)).tokens
            let providerId = IDTokenClaims(token: tokens.idToken).signInProvider ?? "custom"
            return try startSession(providerId: providerId, email: nil, in: file) { (.signedIn(tokens), false) }
        }
    }

    /// The sign-in methods an email can use (`accounts:createAuthUri`); no session needed.
    package func signInMethods(forEmail email: String) throws -> [String] {
        try emailInfo(email).signinMethods
    }

    /// What the server says of an email (`accounts:createAuthUri`): its sign-in methods, or nothing at all
    /// (`isHidden`) where the project has email enumeration protection on; no session needed.
    package func emailInfo(_ email: String) throws -> CreateAuthUriResponse {
        guard !email.isEmpty else { throw FauthError(.missingEmail) }
        return try backend.call(CreateAuthUriEndpoint(identifier: email))
    }

    /// Sends the sign-in (or link, with `idToken`) call that `credential` needs; a reauthentication asks the server
    /// never to create an account (`autoCreate: false`).
    func authenticate(_ credential: Credential, linkingTo idToken: String?, reauthenticating: Bool = false) throws
        -> (outcome: SignInOutcome, isNewUser: Bool)
    {
        switch credential {
        case .password(let email, let password):
            guard !email.isEmpty else { throw FauthError(.missingEmail) }
            if let idToken {
                let response = try backend.call(SignUpEndpoint.link(idToken: idToken, email: email, password: password))
                return (response.outcome, false)
            }
            guard !password.isEmpty else { throw FauthError(.wrongPassword) }
            let response = try backend.call(SignInWithPasswordEndpoint(email: email, password: password))
            return (response.outcome, false)
        case .emailLink(let email, let code):
            guard !email.isEmpty else { throw FauthError(.missingEmail) }
            let response = try backend.call(SignInWithEmailLinkEndpoint(email: email, oobCode: code, idToken: idToken))
            return (response.outcome, response.isNewUser)
        case .anonymous:
            let response = try backend.call(SignUpEndpoint.anonymous())
            return (response.outcome, true)
        case .customToken(let token):
            let response = try backend.call(SignInWithCustomTokenEndpoint(token: token))
            return (response.outcome, response.isNewUser)
        case .identityProvider(let provider):
            try provider.validate()
            let response = try backend.call(
                SignInWithIdpEndpoint(
                    credential: provider, idToken: idToken,
                    autoCreate: !reauthenticating))
            if response.needConfirmation {
                var error = FauthError(.accountExistsWithDifferentCredential)
                error.email = response.email
                if let email = response.email {
                    error.signInMethods = try? signInMethods(forEmail: email)
                }
                throw error
            }
            guard let outcome = response.outcome else {
                throw FauthError(
                    .internalError, message: "The signInWithIdp response has no tokens and asks for no confirmation.")
            }
            return (outcome, response.isNewUser)
        }
    }

    /// The session of an account a sign-up just created (with a password or an email link, or anonymous) whose
    /// lookup failed for a while: built from the sign-up's answer (uid, tokens, expiry, email) so that no account is
    /// left behind without one; the rest of the profile stays empty until `fauth status` reads it.
    private func signedUpSession(_ tokens: SessionTokens, uid: String, email: String?) -> Session {
        let user = UserProfile(uid: uid, email: email, isAnonymous: email == nil)
        return Session(tokens: tokens, user: user, project: configuration.project, previous: nil, now: now())
    }

    /// Makes the profile's new session from what `signIn` (the sign-in's request) answers, replacing whatever `file`
    /// (held under the lock since before the request) was. The request runs with room for the session set aside
    /// (`withReservedSpace`: a full disk fails before an account is created); the tokens are checked before they
    /// are trusted (`makeSession`). When the request created an account, a failure after it is `server-changed`,
    /// but for a sign-up whose lookup failed for a while: its session is saved as `signedUpSession`, with a warning.
    private func startSession(
        providerId: String, email: String?, in file: SessionFile,
        _ signIn: () throws -> (outcome: SignInOutcome, isNewUser: Bool)
    ) throws -> AuthResult {
        var lookupFailure: FauthError?
        let (session, isNewUser, change) = try file.withReservedSpace { () throws -> (Session, Bool, ServerChange?) in
            let (outcome, isNewUser) = try signIn()
            guard let tokens = outcome.tokens else { throw secondFactorError(outcome) }
            let uid = try checkTokens(tokens, belongTo: nil)
            let change = isNewUser ? ServerChange.accountCreated(uid: uid, email: email, providerId: providerId) : nil
            let session = try afterServerChange(change) {
                do {
                    return try makeSession(tokens, replacing: nil)
                } catch let error as FauthError
                    where error.code.isRetryable && isNewUser
                    && (providerId == "password" || providerId == "anonymous")
                {
                    lookupFailure = error
                    return signedUpSession(tokens, uid: uid, email: email)
                }
            }
            return (session, isNewUser, change)
        }
        try afterServerChange(change) { try file.write(session) }
        if let lookupFailure {
            let message =
                "The account was created and signed in, but its profile could not be read "
                + "(\(lookupFailure.code.rawValue)); 'fauth status' reads it."
            warn?(FauthWarning(code: lookupFailure.code, message: message, requirements: []))
        }
        return AuthResult(
            user: session.user, isNewUser: isNewUser, providerId: providerId, expiresAt: session.expiresAt)
    }
}
