/// The options and help text shared by the commands that take a credential (signup, signin, link, reauth).
enum CredentialOptions {
    static let email = OptionSpec("email", value: "EMAIL", help: "The account's email address.")
    static let passwordStdin = OptionSpec(
        "password-stdin", help: "Read the password from standard input (one trailing newline removed).",
        details: """
            Standard input is read to its end. Without --password-stdin or --password-file, the password comes from \
            FAUTH_PASSWORD or a prompt on the terminal (no echo). There is no --password: a password is never taken \
            from the command line. With no terminal and no source, the command fails with usage (exit 2) instead of \
            waiting. Ctrl-C at the prompt restores the terminal and exits 130.
            """)
    static let passwordFile = OptionSpec(
        "password-file", value: "FILE", completion: .file,
        help: "Read the password from FILE (one trailing newline removed).")
    static let provider = OptionSpec(
        "provider", value: "ID", completion: .provider,
        help: "Identity provider: google.com, facebook.com, github.com, twitter.com, apple.com or oidc.*.",
        details: """
            The tokens each takes: google.com an ID token, an access token or both; facebook.com and github.com an \
            access token; twitter.com an access token and its secret; apple.com an ID token and its nonce; any \
            oidc.* provider its ID token (and --nonce when it was issued for one). Without a token: --browser or \
            --no-browser.
            """)
    static let idToken = OptionSpec(
        "id-token", value: "TOKEN", completion: .file,
        help: "The provider's ID token (@FILE reads a file, @- reads stdin).",
        details: """
            Every token value and --nonce accept @FILE (read the file) and @- (read standard input), so secrets stay \
            off the command line. Standard input can feed only one secret per command.
            """)
    static let accessToken = OptionSpec(
        "access-token", value: "TOKEN", completion: .file, help: "The provider's OAuth access token (@FILE, @-).")
    static let tokenSecret = OptionSpec(
        "token-secret", value: "SECRET", completion: .file,
        help: "The OAuth 1.0 token secret, for twitter.com (@FILE, @-).")
    static let emailLink = OptionSpec(
        "link", value: "LINK", completion: .file,
        help: "The sign-in link emailed to --email, whole or its oobCode (@FILE, @-).",
        details: """
            The whole link as pasted (…?mode=signIn&oobCode=…) or its oobCode. It works once: a wrong, used or \
            expired one fails with invalid-action-code or expired-action-code (exit 8), a link of another kind \
            before any request.
            """)
    static let nonce = OptionSpec(
        "nonce", value: "NONCE", completion: .file,
        help: "The raw nonce the ID token was issued for (apple.com, oidc.*; @FILE, @-).")

    static let anonymous = OptionSpec("anonymous", help: "Sign in as a new anonymous user.")
    static let customToken = OptionSpec(
        "custom-token", value: "TOKEN", completion: .file,
        help: "Sign in with a custom token made by your server (@FILE, @-).")

    static let browser = OptionSpec(
        "browser",
        help: """
            Sign in with the provider in a browser: fauth opens its page ($BROWSER, xdg-open, open) and listens on \
            127.0.0.1 for the answer.
            """,
        details: """
            With --provider ID and no token. How it works and what a real project needs: man fauth, BROWSER SIGN-IN.
            """)
    static let noBrowser = OptionSpec(
        "no-browser",
        help: """
            As --browser, for a machine without one (an SSH session): fauth prints the URL and reads back the URL the \
            browser ended on.
            """)
    static let device = OptionSpec(
        "device",
        help: """
            Sign in with the provider's device code (google.com, github.com, oidc.*): fauth prints a page and a code \
            on stderr to approve from any device, and waits.
            """,
        details: "With --provider ID and no token. Setting it up and what goes wrong: man fauth, DEVICE SIGN-IN.")
    static let clientId = OptionSpec(
        "client-id", value: "ID",
        help: "With --device: the provider's OAuth client ID (env FAUTH_CLIENT_ID; kept by the profile).",
        details: """
            The client ID (and an oidc.* provider's --issuer) a device sign-in used is kept in the profile's session \
            settings, for that provider and the session's server, so later device sign-ins, links and reauths of the \
            profile need neither: --client-id > FAUTH_CLIENT_ID > the profile's (fauth status shows it). The client \
            secret is never kept; signout forgets them with the session.
            """)
    static let clientSecretFile = OptionSpec(
        "client-secret-file", value: "FILE", completion: .file,
        help: "With --device: read the OAuth client secret from FILE, or from stdin for @- (env FAUTH_CLIENT_SECRET).",
        details:
            "google.com needs it (the \"TVs and limited input devices\" client's secret); never on the command line.")
    static let issuer = OptionSpec(
        "issuer", value: "URL",
        help: "With --device and an oidc.* provider: its issuer URL, for OpenID discovery (env FAUTH_ISSUER).",
        details: """
            --issuer > FAUTH_ISSUER > the one the profile kept from its last device sign-in with the provider (as \
            --client-id); on the emulator the default is the OpenID provider it plays: \
            http://HOST:PORT/emulator/oidc/ID.
            """)
    static let port = OptionSpec(
        "port", value: "PORT",
        help: "The loopback port the provider returns to (env FAUTH_BROWSER_PORT; default: a free one).",
        details: "A port in use is a usage error (exit 2) naming it, before any request.")
    static let scope = OptionSpec(
        "scope", value: "SCOPE", repeatable: true, help: "Ask the provider for this OAuth scope too (repeatable).",
        details: """
            The scopes go beyond the provider's defaults: for --browser sent as oauthScope, comma-separated; for \
            --device sent to the provider's device endpoint, space-separated.
            """)
    static let customParameter = OptionSpec(
        "custom-parameter", value: "KEY=VALUE", repeatable: true,
        help: "Pass this parameter to the provider's page, e.g. prompt=select_account (repeatable).",
        details: "Another example: login_hint=ada@example.com. Sent as customParameter.")
    static let callbackURL = OptionSpec(
        "callback-url", value: "URL", completion: .file,
        help: "With --no-browser: the URL the browser ended on (@FILE, @-); default: asked on the terminal (no echo).")

    /// `--email` and the two password sources.
    static let password = [email, passwordStdin, passwordFile]
    /// The provider's tokens, which go with `--provider`.
    static let providerTokens = [idToken, accessToken, tokenSecret, nonce]
    /// The options that go only with `--browser` or `--no-browser`.
    static let browserOnly = [port, customParameter, callbackURL]
    /// The options that go only with `--device`.
    static let deviceOnly = [clientId, clientSecretFile, issuer]

    /// The password comes from one source.
    static let onePasswordSource = OptionConstraint.oneOf([passwordStdin, passwordFile])

    /// The rules of a credential (signin, link, reauth): one kind of credential (`others` are more kinds: signin's
    /// `--refresh-token`), each option with its kind, a browser sign-in with `--provider` alone.
    static func constraints(otherKinds others: [OptionSpec] = []) -> [OptionConstraint] {
        let kinds = [email, anonymous, customToken, provider] + others
        let browsers = [browser, noBrowser]
        let interactive = browsers + [device]
        let notWithBrowser = [email, anonymous, customToken, passwordStdin, passwordFile, emailLink] + providerTokens
        var rules: [OptionConstraint] = [.oneOf(interactive)]
        rules += OptionConstraint.each(interactive, requires: [provider])
        rules.append(.exclusive([interactive, notWithBrowser]))
        rules += OptionConstraint.each(browserOnly, requires: browsers)
        rules.append(.requires(scope, anyOf: interactive))
        rules += OptionConstraint.each(deviceOnly, requires: [device])
        rules += [.requires(callbackURL, anyOf: [noBrowser]), .oneOf(kinds)]
        rules += OptionConstraint.each(providerTokens, requires: [provider])
        rules += [
            .exclusive([Array(kinds.dropFirst()), [passwordStdin, passwordFile, emailLink]]),
            .exclusive([[emailLink], [passwordStdin, passwordFile]]),
            onePasswordSource,
        ]
        return rules
    }
    /// The help paragraph on email-link (passwordless) credentials.
    static let emailLinkDetails = """
        --link completes a passwordless sign-in: give the link that `fauth signin --email EMAIL --send-link` had \
        emailed to EMAIL (the whole link as pasted from the email, or only its oobCode; @FILE or @- keeps it off the \
        command line), with the same --email. A link works once; a wrong, used or expired one fails with \
        invalid-action-code or expired-action-code (exit 8).
        """
    /// `--provider` and the provider's tokens.
    static let identityProvider = [
        provider, idToken, accessToken, tokenSecret, nonce, browser, noBrowser, port, scope, customParameter,
        callbackURL, device, clientId, clientSecretFile, issuer,
    ]
    /// The usage line of a browser sign-in, after the command's name.
    static let browserUsage =
        "--provider ID --browser | --no-browser [--callback-url URL] [--port PORT] [--scope SCOPE]... [--custom-parameter KEY=VALUE]..."

    /// The usage line of a device sign-in, after the command's name.
    static let deviceUsage =
        "--provider ID --device [--client-id ID] [--client-secret-file FILE|@-] [--issuer URL] [--scope SCOPE]..."

    /// The help paragraph on the device sign-in.
    static let deviceSignIn = """
        --device signs in with the provider's device code (RFC 8628) where no browser runs, as over SSH: fauth asks \
        the provider for a code and prints on stderr the page to open on any device and the code to enter (with \
        --json also one {"deviceAuthorization": …} line), never opening a browser, then polls at the interval the \
        provider asks (5 s more after slow_down) until the person approves. google.com needs the project's OAuth \
        client of type "TVs and limited input devices" (--client-id, and its secret from --client-secret-file or \
        FAUTH_CLIENT_SECRET); github.com the OAuth app's client ID with device flow enabled; an oidc.* provider its \
        client ID and --issuer. Denied on the page: cancelled (exit 3); the code expired: session-expired (exit 6); \
        no answer within --timeout (default 300 here): cancelled (exit 3); Ctrl-C: exit 130. Other providers: \
        --browser or --no-browser.
        """

    /// The help paragraph on the browser sign-in.
    static let browserSignIn = """
        --browser signs in with the provider's own page: fauth listens on 127.0.0.1 (--port, FAUTH_BROWSER_PORT, or \
        a free port), asks Firebase for the provider's sign-in URL returning to http://127.0.0.1:PORT/__/auth/callback, \
        opens it and prints it on stderr, then completes the sign-in with the URL the browser comes back to, whose \
        state must be this sign-in's. The wait ends after --timeout seconds (default 300 here; exit 3) or on Ctrl-C \
        (exit 130). --no-browser prints the URL instead; open it anywhere, sign in, and paste the URL the browser \
        ended on (its page fails to load; that is expected), or give it with --callback-url (@FILE, @-).
        """

    /// The help paragraph on where a password comes from.
    static let passwordSources = sources(of: "The password", prompt: "a prompt on the terminal (no echo)")
    /// The help paragraph on where a new password comes from (update, reset-password).
    static let newPasswordSources = sources(
        of: "The new password", prompt: "a prompt on the terminal (no echo, asked twice)")

    private static func sources(of subject: String, prompt: String) -> String {
        """
        \(subject) comes from --password-stdin, --password-file FILE, the FAUTH_PASSWORD variable, or \(prompt). \
        It is never taken from the command line. Without a terminal and without a source, the command fails with \
        a usage error instead of waiting.
        """
    }
}
