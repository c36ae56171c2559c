import FauthJSON

/// Something a successful operation wants the user to know (a password that misses the project's policy in
/// notify mode); the front end words it (`fauth: warning: …` on stderr, `warnings` in the JSON result).
package struct FauthWarning: Sendable, Equatable {
    /// The code of the failure this would be where it were enforced.
    package var code: ErrorCode
    /// For developers, as an error's message.
    package var message: String
    /// The password policy's requirements, each with whether it is met.
    package var requirements: [PasswordRequirement]
}
