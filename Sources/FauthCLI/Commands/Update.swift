import FauthCore
import FauthJSON
import FauthText

/// `fauth update`: change the signed-in user's email, password, display name or photo URL.
struct Update: Command {
    static let email = CredentialOptions.email.described("Change the account's email to EMAIL.")
    static let verifyFirst = OptionSpec(
        "verify-first",
        help: """
            Send a verification email to the new address instead; the email changes when its link is followed.
            """)
    static let newPassword = OptionSpec(
        "new-password", help: "Change the password (from FAUTH_PASSWORD or the prompt, which asks twice).")
    static let passwordStdin = CredentialOptions.passwordStdin.described(
        "Change the password to standard input (one trailing newline removed).")
    static let passwordFile = CredentialOptions.passwordFile.described(
        "Change the password to the contents of FILE (one trailing newline removed).")
    static let displayName = OptionSpec("display-name", value: "NAME", help: "Set the display name.")
    static let photoURL = OptionSpec("photo-url", value: "URL", help: "Set the photo URL.")
    static let clear = OptionSpec(
        "clear", value: "ATTRIBUTES",
        help: """
            Remove display-name, photo-url, or both (comma-separated; not with the option that sets it).
            """,
        details: "Naming one with the option that sets it is a usage error (exit 2).")

    /// The `--clear` values (the names of the options that set them) and the attribute each removes.
    static let clearable: [(option: OptionSpec, attribute: AccountAttribute)] = [
        (displayName, .displayName), (photoURL, .photoUrl),
    ]

    /// The command word.
    static let name = "update"

    let spec = CommandSpec(
        Self.name, summary: "Change the signed-in user's email, password, display name or photo URL.",
        usage: [
            "update [--email EMAIL [--verify-first]] [--new-password | --password-stdin | --password-file FILE]",
            "update [--display-name NAME] [--photo-url URL] [--clear display-name|photo-url[,…]]",
        ],
        options: [email, verifyFirst, newPassword, passwordStdin, passwordFile, displayName, photoURL, clear],
        constraints: [.requires(verifyFirst, anyOf: [email]), CredentialOptions.onePasswordSource],
        details: CredentialOptions.newPasswordSources + "\n\n" + """
            The password changes only with --new-password, --password-stdin or --password-file. An email or \
            password change returns new tokens, which replace the session's, so later commands keep working. \
            Changing the email or password long after signing in fails with requires-recent-login (exit 5): run \
            `fauth reauth`, then update again; an email another account uses fails with email-already-in-use \
            (exit 7). --verify-first asks for a verified change; where the project has email enumeration protection \
            on, the server refuses a direct change and fauth sends the verification email by itself.
            """)

    func run(_ invocation: Invocation) throws -> CommandOutput {
        let arguments = invocation.arguments
        var changes = AccountChanges(
            displayName: arguments.value(Self.displayName), photoUrl: arguments.value(Self.photoURL))
        changes.clear = try clearedAttributes(arguments.value(Self.clear), arguments)
        let verifyFirst = arguments.has(Self.verifyFirst)
        let email = try invocation.email()
        if !verifyFirst { changes.email = email }
        if [Self.newPassword, Self.passwordStdin, Self.passwordFile].contains(where: arguments.has) {
            changes.password = try invocation.secrets.password(
                prompt: "New password: ", confirmation: "New password again: ")
        }
        guard !changes.isEmpty || verifyFirst else {
            throw FauthError.usage(
                "nothing to update: give --email, a new password, --display-name, --photo-url or --clear")
        }
        let client = try invocation.client()
        var user = try invocation.unlockedSession()?.session.user
        var verifiesFirst = verifyFirst
        do {
            if !changes.isEmpty { user = try client.updateAccount(changes) }
        } catch let error as FauthError where changes.email != nil && AuthClient.requiresVerifiedEmailChange(error) {
            // Email enumeration protection on: the server refused the whole update; the email goes through a
            // verification, the rest is sent again without it.
            verifiesFirst = true
            changes.email = nil
            if !changes.isEmpty { user = try client.updateAccount(changes) }
        }
        let pending = try email.flatMap { verifiesFirst ? try client.sendEmailChange(to: $0) : nil }
        var text =
            changes.isEmpty
            ? ""
            : "Updated \(user.map(ResultText.identity) ?? "the account"): \(Self.changed(changes).joined(separator: ", ")).\n"
        if let pending {
            if !verifyFirst {
                text += "The project has email enumeration protection on: an email changes only once verified.\n"
            }
            text +=
                "A verification email was sent to \(TerminalText.escaped(pending)); the email changes when its link is followed.\n"
        }
        var json: JSONObject = ["updated": .array(Self.changed(changes).map(JSONValue.string))]
        json["user"] = user?.jsonObject() ?? .null
        json["pendingEmail"] = pending.map(JSONValue.string) ?? .null
        return CommandOutput(json: .object(json), text: text, isData: false)
    }

    /// The attributes `--clear` names (comma-separated); an unknown one, or one its own option also sets
    /// (`--clear display-name --display-name X`), is a usage error.
    private func clearedAttributes(_ value: String?, _ arguments: ParsedArguments) throws -> [AccountAttribute] {
        guard let value else { return [] }
        return try value.split(separator: ",", omittingEmptySubsequences: false).map { name in
            guard let match = Self.clearable.first(where: { $0.option.name == name }) else {
                throw FauthError.usage(
                    "--clear takes \(Self.clearable.map(\.option.name).joined(separator: ", ")), not '\(name)'")
            }
            guard !arguments.has(match.option) else {
                throw FauthError.usage("--clear \(name) does not go with --\(name): give one of them")
            }
            return match.attribute
        }
    }

    /// The names of what changes, in a fixed order: email, password, displayName, photoUrl.
    private static func changed(_ changes: AccountChanges) -> [String] {
        var names: [String] = []
        if changes.email != nil { names.append("email") }
        if changes.password != nil { names.append("password") }
        if changes.displayName != nil || changes.clear.contains(.displayName) { names.append("displayName") }
        if changes.photoUrl != nil || changes.clear.contains(.photoUrl) { names.append("photoUrl") }
        return names
    }
}
