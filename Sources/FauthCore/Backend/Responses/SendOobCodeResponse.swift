/// The answer to `accounts:sendOobCode`.
public struct SendOobCodeResponse: Sendable, Equatable {
    /// The address the email went to, when the server says.
    public var email: String?

    /// Makes a response.
    public init(email: String? = nil) {
        self.email = email
    }
}
