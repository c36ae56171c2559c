/// The answer to `accounts:createAuthUri`.
public struct CreateAuthUriResponse: Sendable, Equatable {
    /// Whether an account has this email (false when the server does not say).
    public var registered: Bool
    /// The sign-in methods the email can use (`password`, `emailLink`, `google.com`, …); empty when none or unknown.
    public var signinMethods: [String]

    /// Makes a response.
    public init(registered: Bool = false, signinMethods: [String] = []) {
        self.registered = registered
        self.signinMethods = signinMethods
    }
}
