/// The answer to `accounts:sendOobCode`.
package struct SendOobCodeResponse: Sendable, Equatable {
    /// The address the email went to, when the server says.
    package var email: String?

    /// Makes a response.
    package init(email: String? = nil) {
        self.email = email
    }
}
