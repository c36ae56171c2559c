import FauthCore
import FauthJSON

/// The JSON shapes of command results shared by several commands: the stable contract of `docs/design/cli.md`.
enum ResultJSON {
    /// `{"user", "isNewUser", "providerId", "expiresAt"}` for signup, signin, link, reauth and unlink.
    static func authResult(_ result: AuthResult) -> JSONValue {
        [
            "user": result.user.jsonObject(),
            "isNewUser": .bool(result.isNewUser),
            "providerId": .string(result.providerId),
            "expiresAt": .string(ISO8601.format(result.expiresAt)),
        ]
    }
}
