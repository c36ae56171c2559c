/// What an out-of-band email sent by `accounts:sendOobCode` is for.
package enum OobRequestType: String, Sendable, Equatable, CaseIterable {
    /// A password reset (needs `email`).
    case passwordReset = "PASSWORD_RESET"
    /// Verify the user's email (needs `idToken`).
    case verifyEmail = "VERIFY_EMAIL"
    /// A sign-in link (needs `email`).
    case emailSignIn = "EMAIL_SIGNIN"
    /// Verify a new email, then change to it (needs `idToken` and `newEmail`).
    case verifyAndChangeEmail = "VERIFY_AND_CHANGE_EMAIL"
}
