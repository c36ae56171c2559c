import FauthText

/// The emulator's fake IdP sign-in page (`GET /emulator/auth/handler`): an account chooser listing the accounts
/// already used with the provider and a form to add one. Self-contained HTML with no script, so it works offline
/// and a test can drive it with plain GET requests to `IdpSignInPage.finishPath`.
struct IdpSignInPage {
    /// The page's path (Firebase's emulator serves its widget there).
    static let path = "/emulator/auth/handler"
    /// The path the page's forms submit to.
    static let finishPath = "/emulator/auth/handler/finish"

    /// The provider being signed in with (`google.com`).
    let providerId: String
    /// The page's query parameters, passed on unchanged as hidden fields (apiKey, redirectUrl, state, …).
    let carried: [(name: String, value: String)]
    /// The accounts to offer.
    let accounts: [ProviderUserInfo]
    /// Values for the new-account form (after a refused submission), by field name.
    var filled: [String: String] = [:]
    /// Why the last submission was refused, shown above the form.
    var problem: String?
    /// Where the forms submit to.
    var action = Self.finishPath
    /// A line under the title (the device code being approved).
    var subtitle: String?
    /// HTML after the forms (the device page's Deny button).
    var footer = ""

    /// The names people know the built-in providers by; any other provider (`oidc.…`, `saml.…`) shows its id.
    static let providerNames = [
        "google.com": "Google", "github.com": "GitHub", "facebook.com": "Facebook", "twitter.com": "Twitter",
        "apple.com": "Apple", "microsoft.com": "Microsoft", "yahoo.com": "Yahoo", "playgames.google.com": "Play Games",
        "gc.apple.com": "Game Center",
    ]

    /// The names of the new-account form's fields, never carried as hidden fields.
    static let formFields = ["rawId", "email", "displayName", "screenName", "photoUrl"]

    /// The page as HTML.
    var html: String {
        let provider = Self.providerNames[providerId] ?? providerId
        let hidden = carried.filter { !Self.formFields.contains($0.name) }
            .map {
                #"<input type="hidden" name="\#(HTMLText.escaped($0.name))" value="\#(HTMLText.escaped($0.value))">"#
            }.joined(separator: "\n")
        let scopes = carried.first { $0.name == "scopes" }?.value
        var body = """
            <main>
            <p class="badge">fauth-emulator · fake identity provider</p>
            <h1>Sign in with \(HTMLText.escaped(provider))</h1>
            <p class="note">No real \(HTMLText.escaped(provider)) account is used: the identity you pick stays on this emulator.</p>
            """
        if let subtitle { body += #"<p class="subtitle">\#(HTMLText.escaped(subtitle))</p>"# }
        if let scopes, !scopes.isEmpty {
            body += #"<p class="note">Requested scopes: <code>\#(HTMLText.escaped(scopes))</code></p>"#
        }
        if let problem { body += #"<p class="problem" role="alert">\#(HTMLText.escaped(problem))</p>"# }
        if accounts.isEmpty {
            body +=
                #"<p class="note">No \#(HTMLText.escaped(provider)) accounts exist in this emulator yet: add one below.</p>"#
        } else {
            body += """
                <h2>Choose an account</h2>
                <form method="get" action="\(action)" class="accounts">
                \(hidden)
                \(accounts.map(accountButton).joined(separator: "\n"))
                </form>
                """
        }
        body += """
            <details\(accounts.isEmpty || problem != nil ? " open" : "")>
            <summary>Add a new account</summary>
            <form method="get" action="\(action)" class="add">
            \(hidden)
            \(field("email", "Email", type: "email", required: true))
            \(field("displayName", "Display name (optional)", type: "text", required: false))
            \(field("screenName", "Screen name (optional)", type: "text", required: false))
            \(field("photoUrl", "Photo URL (optional)", type: "url", required: false))
            <button type="submit" class="primary">Sign in as this new account</button>
            </form>
            </details>
            \(footer)
            </main>
            """
        return Self.document(title: "Sign in with \(provider)", body: body)
    }

    /// A whole emulator page: `title` (plain text) in the head with the page style, `body` (HTML) as the body.
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escaped(title)) · fauth-emulator</title>
        <style>\(style)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    private func accountButton(_ info: ProviderUserInfo) -> String {
        let name = info.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? "(No display name)"
        let initial = (info.displayName ?? info.email ?? "?").prefix(1).uppercased()
        return """
            <button type="submit" name="rawId" value="\(HTMLText.escaped(info.rawId))" class="account">\
            <span class="avatar" aria-hidden="true">\(HTMLText.escaped(initial))</span>\
            <span class="who"><span class="name">\(HTMLText.escaped(name))</span><span class="email">\(HTMLText.escaped(info.email ?? ""))</span></span>\
            </button>
            """
    }

    private func field(_ name: String, _ label: String, type: String, required: Bool) -> String {
        let value = filled[name].map { #" value="\#(HTMLText.escaped($0))""# } ?? ""
        return
            #"<label>\#(label)<input type="\#(type)" name="\#(name)"\#(value)\#(required ? " required" : "")></label>"#
    }

    private static let style = """
        body { margin: 0; background: #f3f4f6; color: #1f2937; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
        main { max-width: 440px; margin: 48px auto; padding: 28px 32px; background: #fff; border-radius: 10px;
               box-shadow: 0 1px 3px rgba(0,0,0,.12); }
        h1 { font-size: 22px; margin: 4px 0 8px; }
        h2 { font-size: 15px; margin: 22px 0 8px; color: #374151; }
        .badge { display: inline-block; margin: 0; padding: 2px 8px; border-radius: 999px; background: #fef3c7; color: #92400e;
                 font-size: 12px; }
        .note { color: #6b7280; font-size: 13px; margin: 6px 0; }
        .problem { background: #fee2e2; color: #991b1b; padding: 8px 12px; border-radius: 6px; }
        .accounts { display: flex; flex-direction: column; gap: 6px; }
        .account { display: flex; align-items: center; gap: 12px; width: 100%; padding: 10px 12px; text-align: left;
                   background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; font: inherit; cursor: pointer; }
        .account:hover, .account:focus { background: #eff6ff; border-color: #93c5fd; }
        .avatar { flex: none; width: 36px; height: 36px; border-radius: 50%; background: #6366f1; color: #fff;
                  display: flex; align-items: center; justify-content: center; font-weight: 600; }
        .who { display: flex; flex-direction: column; min-width: 0; }
        .name { font-weight: 600; }
        .email { color: #6b7280; font-size: 13px; overflow-wrap: anywhere; }
        details { margin-top: 22px; border-top: 1px solid #e5e7eb; padding-top: 14px; }
        summary { cursor: pointer; font-weight: 600; color: #2563eb; }
        .add label { display: block; margin: 12px 0 0; font-size: 13px; color: #374151; }
        .add input { display: block; box-sizing: border-box; width: 100%; margin-top: 4px; padding: 8px 10px; font: inherit;
                     border: 1px solid #d1d5db; border-radius: 6px; }
        .primary { margin-top: 18px; padding: 9px 16px; background: #2563eb; color: #fff; border: 0; border-radius: 6px;
                   font: inherit; font-weight: 600; cursor: pointer; }
        code { font-size: 13px; }
        .subtitle { font-size: 17px; margin: 6px 0; }
        .secondary { margin-top: 18px; padding: 9px 16px; background: #fff; color: #991b1b; border: 1px solid #fca5a5;
                     border-radius: 6px; font: inherit; cursor: pointer; }
        """
}
