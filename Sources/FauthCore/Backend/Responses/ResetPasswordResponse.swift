/// The answer to `accounts:resetPassword`.
package struct ResetPasswordResponse: Sendable, Equatable {
    /// The account's email.
    package var email: String?
    /// What the code was for (`PASSWORD_RESET`, …).
    package var requestType: String?
    /// The new email, for an email-change code.
    package var newEmail: String?

    /// Makes a response.
    package init(email: String? = nil, requestType: String? = nil, newEmail: String? = nil) {
        self.email = email
        self.requestType = requestType
        self.newEmail = newEmail
    }
}
