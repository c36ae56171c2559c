/// The answer to `accounts:createAuthUri`.
package struct CreateAuthUriResponse: Sendable, Equatable {
    /// Whether an account has this email (false when the server does not say).
    package var registered: Bool
    /// The sign-in methods the email can use (`password`, `emailLink`, `google.com`, …); empty when none or unknown.
    package var signinMethods: [String]
    /// Whether the answer says nothing about the email (neither `registered` nor `signinMethods`), as with email
    /// enumeration protection on: an empty list then does not mean that no account uses it.
    package var isHidden: Bool

    /// Makes a response.
    package init(registered: Bool = false, signinMethods: [String] = [], isHidden: Bool = false) {
        self.registered = registered
        self.signinMethods = signinMethods
        self.isHidden = isHidden
    }
}
