/// The answer to `accounts:resetPassword`.
public struct ResetPasswordResponse: Sendable, Equatable {
    /// The account's email.
    public var email: String?
    /// What the code was for (`PASSWORD_RESET`, …).
    public var requestType: String?
    /// The new email, for an email-change code.
    public var newEmail: String?

    /// Makes a response.
    public init(email: String? = nil, requestType: String? = nil, newEmail: String? = nil) {
        self.email = email
        self.requestType = requestType
        self.newEmail = newEmail
    }
}
