import FauthCore
import FauthText

/// The text people see for command results shared by several commands (the JSON shapes are in `ResultJSON`);
/// what the server provided is escaped for the terminal.
enum ResultText {
    /// How people see a user: the email (or phone, or "anonymous user") and the uid.
    static func identity(_ user: UserProfile) -> String {
        let name = user.email ?? user.phoneNumber ?? (user.isAnonymous ? "an anonymous user" : "a user")
        return TerminalText.escaped("\(name) (uid \(user.uid))")
    }

    /// The provider ids of a user, or "none".
    static func providerList(_ user: UserProfile) -> String {
        user.providers.isEmpty
            ? "none" : TerminalText.escaped(user.providers.map(\.providerId).joinedText(separator: ", "))
    }

    /// The text of a successful authentication step: `<verb> <identity>` and the providers.
    static func text(_ verb: String, _ result: AuthResult) -> String {
        "\(TerminalText.escaped(verb)) \(identity(result.user))\nproviders: \(providerList(result.user))\n"
    }
}
