/// Enrolling a second factor: `mfaEnrollment:start` sends an SMS code or makes a TOTP secret, the started enrollment
/// is kept in the pending file (under the session's lock), and `mfaEnrollment:finalize` with its code adds the factor.
extension AuthClient {
    /// Starts enrolling the phone `phoneNumber` (an SMS code is sent) or, when nil, a TOTP factor (the server's secret
    /// is returned, and never stored); `displayName` names the factor when it is finished.
    package func startEnrollment(phoneNumber: String?, displayName: String?) throws -> (
        started: StartedEnrollment, pending: PendingSecondFactor
    ) {
        if let phoneNumber, phoneNumber.isEmpty { throw FauthError(.missingPhoneNumber) }
        return try withSession { session in
            let started = try backend.call(
                MFAEnrollmentStartEndpoint(idToken: session.idToken, phoneNumber: phoneNumber))
            let factor = MFAEnrollment(
                enrollmentId: "", displayName: displayName, phoneNumber: phoneNumber, isTOTP: phoneNumber == nil)
            let pending = PendingSecondFactor(
                purpose: .enroll, project: session.project,
                expiresAt: now().adding(seconds: PendingSecondFactor.lifetime),
                factors: [factor], providerId: "", uid: session.user.uid, sessionInfo: started.sessionInfo)
            try pendingFile(.enrollment).write(pending)
            return (started, pending)
        }
    }

    /// Finishes the pending enrollment with `code`: the factor is added, the new tokens replace the session's and the
    /// pending step is removed; returns the factor, the user and all their factors. A wrong code
    /// (`invalid-verification-code`) keeps the step for another try.
    package func finishEnrollment(code: String) throws -> (
        factor: MFAEnrollment, user: UserProfile, secondFactors: [MFAEnrollment]
    ) {
        try withSession(serverChange: .accountChanged) { session in
            let pending = try lockedPending(.enrollment)
            guard let factor = pending.factors.first, let sessionInfo = pending.sessionInfo,
                pending.uid == session.user.uid
            else {
                try pendingFile(.enrollment).remove()
                var other = FauthError(
                    .missingMultiFactorSession,
                    message: "The pending enrollment belongs to another user than the session's.")
                other.nextStep = pending.beginAgain
                throw other
            }
            let tokens = try backend.call(
                MFAEnrollmentFinalizeEndpoint(
                    idToken: session.idToken, sessionInfo: sessionInfo, code: code, isTOTP: factor.isTOTP,
                    displayName: factor.displayName))
            try checkTokens(tokens, belongTo: session.user.uid)
            let (replaced, factors) = try afterServerChange(.accountChanged) {
                let made = try makeSessionWithSecondFactors(tokens, replacing: session)
                try pendingFile(.enrollment).remove()
                return made
            }
            session = replaced
            let enrolled = factors.last { $0.isTOTP == factor.isTOTP && $0.displayName == factor.displayName } ?? factor
            return (enrolled, session.user, factors)
        }
    }
}
