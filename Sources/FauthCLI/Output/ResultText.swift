import FauthCore
import FauthJSON

/// The shared shapes of command results, as JSON (the stable contract of `cli.md`) and as text for people.
enum ResultText {
    /// `{"user", "isNewUser", "providerId", "expiresAt"}` for signup, signin, link, reauth and unlink.
    static func json(_ result: AuthResult) -> JSONValue {
        [
            "user": result.user.jsonObject(),
            "isNewUser": .bool(result.isNewUser),
            "providerId": .string(result.providerId),
            "expiresAt": .string(ISO8601.format(result.expiresAt)),
        ]
    }

    /// How people see a user: the email (or phone, or "anonymous user") and the uid.
    static func identity(_ user: UserRecord) -> String {
        let name = user.email ?? user.phoneNumber ?? (user.isAnonymous ? "an anonymous user" : "a user")
        return "\(name) (uid \(user.uid))"
    }

    /// The provider ids of a user, or "none".
    static func providerList(_ user: UserRecord) -> String {
        user.providers.isEmpty ? "none" : user.providers.map(\.providerId).joined(separator: ", ")
    }

    /// The text of a successful authentication step: `<verb> <identity>` and the providers.
    static func text(_ verb: String, _ result: AuthResult) -> String {
        "\(verb) \(identity(result.user))\nproviders: \(providerList(result.user))\n"
    }
}
