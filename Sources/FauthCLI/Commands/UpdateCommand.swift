import FauthCore
import FauthJSON

/// `fauth update`: change the signed-in user's email, password, display name or photo URL.
struct UpdateCommand: Command {
    /// The `--clear` values and the attribute each removes.
    static let clearable: [(name: String, attribute: AccountAttribute)] = [("display-name", .displayName), ("photo-url", .photoUrl)]

    let spec = CommandSpec(
        "update", summary: "Change the signed-in user's email, password, display name or photo URL.",
        usage: [
            "update [--email EMAIL [--verify-first]] [--new-password | --password-stdin | --password-file FILE]",
            "update [--display-name NAME] [--photo-url URL] [--clear display-name|photo-url[,…]]",
        ],
        options: [
            OptionSpec("email", value: "EMAIL", help: "Change the account's email to EMAIL."),
            OptionSpec("verify-first", help: "Send a verification email to the new address instead; the email changes when its link is followed."),
            OptionSpec("new-password", help: "Change the password (from FAUTH_PASSWORD or the prompt, which asks twice)."),
            OptionSpec("password-stdin", help: "Change the password to standard input (one trailing newline removed)."),
            OptionSpec("password-file", value: "FILE", completion: .file, help: "Change the password to the contents of FILE (one trailing newline removed)."),
            OptionSpec("display-name", value: "NAME", help: "Set the display name."),
            OptionSpec("photo-url", value: "URL", help: "Set the photo URL."),
            OptionSpec("clear", value: "ATTRIBUTES", help: "Remove display-name, photo-url, or both (comma-separated; not with the option that sets it)."),
        ],
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
        var changes = AccountChanges(displayName: arguments.value("display-name"), photoUrl: arguments.value("photo-url"))
        changes.clear = try clearedAttributes(arguments.value("clear"), arguments)
        let verifyFirst = arguments.has("verify-first")
        let email = try invocation.email()
        if verifyFirst, email == nil { throw FauthError.usage("--verify-first goes with --email EMAIL") }
        if !verifyFirst { changes.email = email }
        if ["new-password", "password-stdin", "password-file"].contains(where: arguments.has) {
            changes.password = try invocation.secrets.password(prompt: "New password: ", confirmation: "New password again: ")
        }
        guard !changes.isEmpty || verifyFirst else {
            throw FauthError.usage("nothing to update: give --email, a new password, --display-name, --photo-url or --clear")
        }
        let client = try invocation.client()
        var user = try invocation.unlockedSession.get()?.session.user
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
        var text = changes.isEmpty ? "" : "Updated \(user.map(ResultText.identity) ?? "the account"): \(Self.changed(changes).joined(separator: ", ")).\n"
        if let pending {
            if !verifyFirst { text += "The project has email enumeration protection on: an email changes only once verified.\n" }
            text += "A verification email was sent to \(TerminalText.escaped(pending)); the email changes when its link is followed.\n"
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
            guard let match = Self.clearable.first(where: { $0.name == name }) else {
                throw FauthError.usage("--clear takes \(Self.clearable.map(\.name).joined(separator: ", ")), not '\(name)'")
            }
            guard !arguments.has(match.name) else {
                throw FauthError.usage("--clear \(match.name) does not go with --\(match.name): give one of them")
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
