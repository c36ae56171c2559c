/// A refusal body other than Firebase's `Error` body, answered by routes that are not Firebase's API: published as a
/// component of `/emulator/openapi.json` and referenced by the `4XX` answers of the routes that declare it.
enum RefusalBody: Sendable, CaseIterable {
    /// An OAuth error (RFC 6749, 5.2), as the emulated device authorization servers answer it (RFC 8628, 3.5): the
    /// new `interval` comes with a `slow_down`, as GitHub gives it.
    case oauth
    /// The `{"authEmulator": {"error", …}}` of an email action link that cannot be applied, as Firebase's emulator
    /// answers it: what is wrong, and what to do instead.
    case authEmulator

    /// The component's name in the document.
    var componentName: String {
        switch self {
        case .oauth: "OAuthError"
        case .authEmulator: "AuthEmulatorError"
        }
    }

    /// The body's schema.
    var schema: AnswerSchema {
        switch self {
        case .oauth:
            .object(required: ["error": .string], optional: ["error_description": .string, "interval": .number])
        case .authEmulator:
            .object(required: [
                "authEmulator": .object(
                    required: ["error": .string],
                    optional: ["instructions": .string, "instructions2": .string, "urlTemplate": .string])
            ])
        }
    }
}
