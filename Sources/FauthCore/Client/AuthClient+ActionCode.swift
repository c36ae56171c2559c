/// Email action codes: sending the password-reset, verification and sign-in emails, and using the codes they carry.
extension AuthClient {
    /// Sends a password-reset email to `email` (`sendOobCode` `PASSWORD_RESET`); no session needed. Where the
    /// project has email enumeration protection, the answer is the same whether or not the account exists.
    package func sendPasswordReset(email: String) throws -> SendOobCodeResponse {
        try backend.call(SendOobCodeEndpoint.passwordReset(email: email))
    }

    /// Sends a sign-in link to `email` (`sendOobCode` `EMAIL_SIGNIN`); no session needed. Its code completes the
    /// sign-in (`Credential.emailLink`). `continueUrl` is where the link leads afterwards (Google's servers require one).
    package func sendSignInLink(email: String, continueUrl: String?) throws -> String {
        guard !email.isEmpty else { throw FauthError(.missingEmail) }
        return try backend.call(SendOobCodeEndpoint.emailSignIn(email: email, continueUrl: continueUrl)).email ?? email
    }

    /// Sets a new password with the code of a password-reset email (`accounts:resetPassword`); returns the
    /// account's email. The code is consumed; a wrong or used code is `invalid-action-code`.
    package func resetPassword(code: String, newPassword: String) throws -> ResetPasswordResponse {
        if newPassword.isEmpty { throw FauthError(.weakPassword, reason: "Missing password") }
        return try underPasswordPolicy(newPassword) {
            try backend.call(ResetPasswordEndpoint(oobCode: code, newPassword: newPassword))
        }
    }

    /// Sends a verification email to the signed-in user's address (`sendOobCode` `VERIFY_EMAIL`); returns the
    /// address it went to.
    package func sendEmailVerification() throws -> String? {
        try withSession { session in
            let response = try backend.call(SendOobCodeEndpoint.verifyEmail(idToken: session.idToken))
            return response.email ?? session.user.email
        }
    }

    /// Applies the code of a verification (or verify-and-change-email) email (`accounts:update` with `oobCode`).
    /// When the profile is signed in as that account, its tokens are refreshed and its user looked up again, so the
    /// ID token's `email_verified` claim is current; returns whether that happened.
    package func applyActionCode(_ code: String) throws -> (account: UpdateAccountResponse, sessionUpdated: Bool) {
        let account = try backend.call(ApplyActionCodeEndpoint(oobCode: code))
        guard let uid = account.localId, (try? unlockedSession())?.session.user.uid == uid else {
            return (account, false)
        }
        let alwaysRefresh: (Session, SessionFileStamp) -> Bool = { _, _ in true }
        let updated = try? withSession(needsRefresh: alwaysRefresh) { session in
            session.user = try lookUpUser(idToken: session.idToken, of: session.user.uid)
            return true
        }
        return (account, updated ?? false)
    }
}
