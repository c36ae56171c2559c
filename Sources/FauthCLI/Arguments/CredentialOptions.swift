/// The options and help text shared by the commands that take a credential (signup, signin, link, reauth).
enum CredentialOptions {
    static let email = OptionSpec("email", value: "EMAIL", help: "The account's email address.")
    static let passwordStdin = OptionSpec("password-stdin", help: "Read the password from standard input (one trailing newline removed).")
    static let passwordFile = OptionSpec("password-file", value: "FILE", completion: .file, help: "Read the password from FILE (one trailing newline removed).")
    static let provider = OptionSpec("provider", value: "ID", completion: .provider, help: "Identity provider: google.com, facebook.com, github.com, twitter.com, apple.com or oidc.*.")
    static let idToken = OptionSpec("id-token", value: "TOKEN", completion: .file, help: "The provider's ID token (@FILE reads a file, @- reads stdin).")
    static let accessToken = OptionSpec("access-token", value: "TOKEN", completion: .file, help: "The provider's OAuth access token (@FILE, @-).")
    static let tokenSecret = OptionSpec("token-secret", value: "SECRET", completion: .file, help: "The OAuth 1.0 token secret, for twitter.com (@FILE, @-).")
    static let emailLink = OptionSpec("link", value: "LINK", completion: .file, help: "The sign-in link emailed to --email, whole or its oobCode (@FILE, @-).")
    static let nonce = OptionSpec("nonce", value: "NONCE", completion: .file, help: "The raw nonce the ID token was issued for (apple.com, oidc.*; @FILE, @-).")

    /// `--email` and the two password sources.
    static let password = [email, passwordStdin, passwordFile]
    /// The help paragraph on email-link (passwordless) credentials.
    static let emailLinkDetails = """
        --link completes a passwordless sign-in: give the link that `fauth signin --email EMAIL --send-link` had \
        emailed to EMAIL (the whole link as pasted from the email, or only its oobCode; @FILE or @- keeps it off the \
        command line), with the same --email. A link works once; a wrong, used or expired one fails with \
        invalid-action-code or expired-action-code (exit 8).
        """
    /// `--provider` and the provider's tokens.
    static let identityProvider = [provider, idToken, accessToken, tokenSecret, nonce]

    /// The help paragraph on where a password comes from.
    static let passwordSources = sources(of: "The password", prompt: "a prompt on the terminal (no echo)")
    /// The help paragraph on where a new password comes from (update, reset-password).
    static let newPasswordSources = sources(of: "The new password", prompt: "a prompt on the terminal (no echo, asked twice)")

    private static func sources(of subject: String, prompt: String) -> String {
        """
        \(subject) comes from --password-stdin, --password-file FILE, the FAUTH_PASSWORD variable, or \(prompt). \
        It is never taken from the command line. Without a terminal and without a source, the command fails with \
        a usage error instead of waiting.
        """
    }
}
