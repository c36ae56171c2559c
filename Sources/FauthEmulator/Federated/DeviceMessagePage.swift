import FauthText

/// The emulator's device page when it shows no account chooser: the form to type a user code (with why the last
/// one was refused), or the closing words once a code was approved or denied. Self-contained HTML with no script.
struct DeviceMessagePage {
    /// The device flow's page, where a code is typed (the `verification_uri` the device endpoints hand out).
    static let codeFormPath = "/emulator/device"

    /// The heading.
    let title: String
    /// The sentence under it.
    let message: String
    /// Whether to show the user code form.
    var asksForCode = false
    /// Why the last code was refused.
    var problem: String?

    /// The page as HTML.
    var html: String {
        var body = """
            <main>
            <p class="badge">fauth-emulator · device sign-in</p>
            <h1>\(HTMLText.escaped(title))</h1>
            <p class="note">\(HTMLText.escaped(message))</p>
            """
        if let problem { body += #"<p class="problem" role="alert">\#(HTMLText.escaped(problem))</p>"# }
        if asksForCode {
            body += """
                <form method="get" action="\(Self.codeFormPath)" class="add">
                <label>Code<input type="text" name="user_code" autocomplete="off" autofocus required></label>
                <button type="submit" class="primary">Continue</button>
                </form>
                """
        }
        return IdpSignInPage.document(title: title, body: body + "</main>")
    }
}
