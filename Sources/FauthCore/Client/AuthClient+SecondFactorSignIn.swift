import FauthJSON

/// Finishing a sign-in or reauthentication that stopped for a second factor: the pending step is kept beside the
/// session (`PendingSecondFactorFile`), under the session's lock, until a code completes it or it expires.
extension AuthClient {
    /// The profile's pending file for steps of `kind`.
    func pendingFile(_ kind: PendingSecondFactorFile.Kind) -> PendingSecondFactorFile {
        PendingSecondFactorFile(sessionPath: store.path, anchor: store.anchor, kind: kind, storage: store.storage)
    }

    /// The pending sign-in or reauthentication, checked under the lock as `completeSecondFactor` checks it (none or
    /// expired → `missing-multi-factor-session`), for a command to choose the factor before sending anything.
    package func pendingSignIn() throws -> PendingSecondFactor {
        try store.withLock { _ in try lockedPending(.signIn) }
    }

    /// Keeps the pending step of a first factor the server answered with `mfaPendingCredential` and returns the
    /// `second-factor-required` error that lists the factors. The caller holds the session's lock; an existing
    /// session is not touched.
    func pendSecondFactor(
        _ outcome: SignInOutcome, purpose: PendingSecondFactor.Purpose, credential: Credential,
        uid: String?, isNewUser: Bool
    ) throws -> FauthError {
        guard case .secondFactorRequired(let pendingCredential, let enrollments) = outcome else {
            return secondFactorError(outcome, expiresAt: nil)
        }
        var email: String?
        if case .password(let address, _) = credential { email = address }
        let pending = PendingSecondFactor(
            purpose: purpose, project: configuration.project,
            expiresAt: now().adding(seconds: PendingSecondFactor.lifetime),
            pendingCredential: pendingCredential, factors: enrollments, providerId: credential.providerId, email: email,
            uid: uid, isNewUser: isNewUser)
        try pendingFile(.init(purpose)).write(pending)
        return secondFactorError(outcome, expiresAt: pending.expiresAt)
    }

    /// Sends the SMS code of the phone factor `enrollmentId` for the pending sign-in (`mfaSignIn:start`) and keeps
    /// its `sessionInfo` in the pending step, which is returned.
    package func sendSecondFactorCode(to enrollmentId: String) throws -> PendingSecondFactor {
        try store.withLock { _ in
            var pending = try lockedPending(.signIn)
            let factor = try pending.requireFactor(enrollmentId)
            guard !factor.isTOTP else {
                throw FauthError(
                    .usage,
                    message:
                        "The factor \(enrollmentId) is a TOTP factor: no code is sent; give the code your authenticator app shows."
                )
            }
            pending.sessionInfo = try backend.call(
                MFASignInStartEndpoint(pendingCredential: pending.pendingCredential, enrollmentId: enrollmentId))
            pending.codeSentTo = enrollmentId
            try pendingFile(.signIn).write(pending)
            return pending
        }
    }

    /// Completes the pending sign-in or reauthentication with `code` for the factor `enrollmentId`
    /// (`mfaSignIn:finalize`): the new tokens replace the profile's session and the pending step is removed.
    /// A wrong code (`invalid-verification-code`) keeps the pending step for another try.
    package func completeSecondFactor(enrollmentId: String, code: String) throws -> AuthResult {
        try store.withLock { file in
            let pending = try lockedPending(.signIn)
            let factor = try pending.requireFactor(enrollmentId)
            let verification: SecondFactorVerification
            if factor.isTOTP {
                verification = .totp(enrollmentId: enrollmentId, code: code)
            } else {
                guard let sessionInfo = pending.sessionInfo, pending.codeSentTo == enrollmentId else {
                    var notSent = FauthError(
                        .missingVerificationID, message: "No SMS code was sent to the factor \(enrollmentId) yet.")
                    notSent.nextStep = .sendSecondFactorCode(enrollmentId: enrollmentId)
                    throw notSent
                }
                verification = .phone(sessionInfo: sessionInfo, code: code)
            }
            let tokens = try backend.call(
                MFASignInFinalizeEndpoint(pendingCredential: pending.pendingCredential, verification: verification))
            let session: Session
            if pending.purpose == .reauth {
                session = try reauthenticated(file, with: tokens, uid: pending.uid)
            } else {
                session = try makeSession(tokens, replacing: nil)
            }
            try file.write(session)
            try pendingFile(.signIn).remove()
            return AuthResult(
                user: session.user, isNewUser: pending.isNewUser, providerId: pending.providerId,
                expiresAt: session.expiresAt)
        }
    }

    /// The pending step of `kind`, read under the lock, for a command that finishes one; none, one of another
    /// purpose or an expired one → `missing-multi-factor-session` naming the command to run again (an expired file is removed),
    /// a step made for another backend → `session-backend-mismatch`.
    func lockedPending(_ kind: PendingSecondFactorFile.Kind) throws -> PendingSecondFactor {
        let what = kind == .enrollment ? "second-factor enrollment" : "second-factor sign-in"
        let stepFile = pendingFile(kind)
        guard let pending = try stepFile.read(), PendingSecondFactorFile.Kind(pending.purpose) == kind else {
            var none = FauthError(.missingMultiFactorSession, message: "No \(what) is pending for this profile.")
            none.nextStep = kind == .enrollment ? .beginSecondFactorEnrollment : .signInFirst
            throw none
        }
        guard pending.expiresAt > now() else {
            try stepFile.remove()
            var expired = FauthError(
                .missingMultiFactorSession,
                message: "The pending \(what) expired (it is kept \(Int(PendingSecondFactor.lifetime / 60)) minutes).")
            expired.nextStep = pending.beginAgain
            throw expired
        }
        let own = pending.project.target
        let named = configuration.target
        guard own.accepts(named) else {
            throw FauthError(
                .sessionBackendMismatch,
                message:
                    "The pending \(what) \(stepFile.path) belongs to \(own.description), but this command names \(named.description). Nothing was sent."
            )
        }
        return pending
    }

    /// The session in `file` with the reauthenticated user's new tokens; no session → `not-signed-in`, another user
    /// than the one who started → `user-mismatch`.
    private func reauthenticated(_ file: SessionFile, with tokens: SessionTokens, uid: String?) throws -> Session {
        guard let current = try file.readStamped()?.session else { throw FauthError(.notSignedIn) }
        try checkTokens(tokens, belongTo: current.user.uid, mismatch: .userMismatch)
        let user = try lookUpUser(idToken: tokens.idToken, of: current.user.uid, mismatch: .userMismatch)
        guard uid == nil || uid == user.uid else {
            throw FauthError(
                .userMismatch,
                message:
                    "The second factor completed a sign-in of another user than the session's; the session is unchanged."
            )
        }
        return current.replacingTokens(tokens, user: user, now: now())
    }
}

extension PendingSecondFactor {
    /// The factor `enrollmentId`, or `multi-factor-info-not-found` listing the ones there are.
    package func requireFactor(_ enrollmentId: String) throws -> MFAEnrollment {
        guard let factor = factor(enrollmentId) else {
            throw FauthError(
                .multiFactorInfoNotFound,
                message:
                    "The account has no second factor \(enrollmentId); its factors: \(factors.map(\.enrollmentId).joined(separator: ", "))."
            )
        }
        return factor
    }
}
