/// The signed-in user's second factors: listing and removing them (`mfaEnrollment:withdraw`).
extension AuthClient {
    /// The signed-in user's enrolled second factors, looked up afresh as `status` looks them up.
    package func secondFactors() throws -> [MFAEnrollment] {
        try statusWithSecondFactors().secondFactors
    }

    /// Removes the second factor `enrollmentId`; the new tokens replace the session's. Returns the session's user
    /// and the factors left. A factor the account does not have → `multi-factor-info-not-found`.
    package func unenroll(_ enrollmentId: String) throws -> (user: UserProfile, secondFactors: [MFAEnrollment]) {
        guard !enrollmentId.isEmpty else { throw FauthError(.missingMultiFactorInfo) }
        return try withSession(serverChange: .accountChanged) { session in
            let tokens = try backend.call(
                MFAEnrollmentWithdrawEndpoint(idToken: session.idToken, enrollmentId: enrollmentId))
            try checkTokens(tokens, belongTo: session.user.uid)
            let (replaced, remaining) = try afterServerChange(.accountChanged) {
                try makeSessionWithSecondFactors(tokens, replacing: session)
            }
            session = replaced
            return (session.user, remaining)
        }
    }
}
