import FauthCore
import FauthText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--browser` and `--no-browser` on signin, link and reauth: starts the provider's sign-in
/// (`accounts:createAuthUri` returning to the loopback listener), sends the person to its page, takes the URL the
/// browser comes back to (from the listener, or pasted), checks it, and completes with the command's operation.
struct BrowserSignIn {
    /// The path of the callback URL on the listener.
    static let callbackPath = "/__/auth/callback"
    /// How long `--browser` waits for the browser when `--timeout` is not given, in seconds.
    static let defaultWaitSeconds = 300.0

    let invocation: Invocation

    /// Runs the flow; `complete` sends the credential (sign in, link or reauthenticate), and `verb` says what
    /// its result was ("Signed in as"), for the page the browser shows.
    func run(_ complete: (Credential) throws -> AuthResult, verb: (AuthResult) -> String) throws -> AuthResult {
        let arguments = invocation.arguments
        let pasting = arguments.has(CredentialOptions.noBrowser)
        let parameters = try customParameters()
        let waitSeconds = try invocation.timeout() ?? Self.defaultWaitSeconds
        if pasting, !arguments.has(CredentialOptions.callbackURL) {
            try invocation.secrets.checkPromptPossible(noun: Self.pastedNoun, sources: Self.pastedSources)
        }
        let listener = try listen()
        let signIn: ProviderSignIn
        do {
            signIn = try invocation.client().startProviderSignIn(
                providerId: arguments.value(CredentialOptions.provider) ?? "", continueUri: listener.url,
                scopes: arguments.values(CredentialOptions.scope),
                customParameters: parameters)
        } catch var error as FauthError where error.code == .unauthorizedDomain || error.code == .invalidContinueURI {
            error.message +=
                (error.message.hasSuffix(".") ? "" : ".")
                + " The project must accept \(listener.url): add 127.0.0.1 to its authorized domains (Firebase console, Authentication, Settings)."
            throw error
        }
        let say = invocation.context.writeError
        let shownURL = TerminalText.escaped(signIn.authUri)
        if pasting {
            say(
                "Open this URL in a browser and sign in:\n\n  \(shownURL)\n\n"
                    + "The browser then goes to \(listener.url)?…, which will not load here: copy that whole URL from its address bar.\n"
            )
            let pasted = try pastedURL(within: waitSeconds)
            return try complete(.identityProvider(try signIn.credential(forCallback: pasted)))
        }
        switch invocation.context.openBrowser(signIn.authUri) {
        case .started(let program):
            say(
                "Opening the \(signIn.providerId) sign-in page with \(program). If no browser opens, open this URL:\n\n  \(shownURL)\n\n"
            )
        case .failed(let why): say("Could not start a browser (\(why)). Open this URL to sign in:\n\n  \(shownURL)\n\n")
        }
        say("Waiting for the browser on \(listener.url) (Ctrl-C to stop)…\n")
        let callback = try invocation.context.catchingInterrupts { interrupt in
            try listener.waitForCallback(within: waitSeconds, interruptDescriptor: interrupt)
        }
        do {
            let result = try complete(.identityProvider(try signIn.credential(forCallback: callback)))
            listener.answer(
                status: 200, html: CallbackPage.success("\(verb(result)) \(ResultText.identity(result.user))"))
            return result
        } catch let error as FauthError {
            listener.answer(status: error.code == .secondFactorRequired ? 200 : 400, html: CallbackPage.failure(error))
            throw error
        }
    }

    /// The callback listener on `port()`; a port in use, or one this user may not listen on, is a usage error
    /// naming it, before any request.
    private func listen() throws -> CallbackListener {
        let (port, source) = try port()
        do {
            return try CallbackListener(port: port, path: Self.callbackPath)
        } catch {
            guard let underlying = error.underlying, underlying.domain == "posix",
                underlying.code == Int(EADDRINUSE) || underlying.code == Int(EACCES)
            else { throw error }
            let why = underlying.code == Int(EADDRINUSE) ? "is in use" : "cannot be listened on by this user"
            throw FauthError.usage(
                "\(source) \(port): 127.0.0.1:\(port) \(why); choose another port, or --port 0 for a free one")
        }
    }

    /// --port > FAUTH_BROWSER_PORT > 0 (a free port), and where it came from.
    private func port() throws -> (port: UInt16, source: String) {
        let (text, source) =
            invocation.arguments.value(CredentialOptions.port).map { ($0, "--port") }
            ?? invocation.context.environment["FAUTH_BROWSER_PORT"].flatMap {
                $0.isEmpty ? nil : ($0, "FAUTH_BROWSER_PORT")
            }
            ?? ("0", "--port")
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let port = UInt16(text) else {
            throw FauthError.usage("\(source): '\(text)' is not a port (0 to 65535; 0 picks a free one)")
        }
        return (port, source)
    }

    /// The `--custom-parameter KEY=VALUE` pairs, in order.
    private func customParameters() throws -> [(name: String, value: String)] {
        try invocation.arguments.values(CredentialOptions.customParameter).map { pair in
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw FauthError.usage("--custom-parameter '\(pair)' is not KEY=VALUE")
            }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
        }
    }

    /// The URL the browser ended on: --callback-url (itself, @FILE read within the browser wait, @-), else asked on
    /// the terminal.
    private func pastedURL(within seconds: Double) throws -> String {
        if let given = try invocation.secrets.token(CredentialOptions.callbackURL, within: seconds) { return given }
        return try invocation.secrets.line(
            prompt: "Paste the URL the browser ended on (not echoed): ", noun: Self.pastedNoun,
            sources: Self.pastedSources)
    }

    /// What the pasted URL is called in errors, and the other ways to give it.
    private static let pastedNoun = "callback URL"
    private static let pastedSources = "--callback-url URL, @FILE or @-"
}
