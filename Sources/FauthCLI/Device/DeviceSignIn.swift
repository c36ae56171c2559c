import FauthCore
import FauthJSON
import FauthText

/// `--device` on signin, link and reauth: the provider's OAuth device authorization grant (RFC 8628). fauth asks
/// the provider for a code, tells the person on stderr where to enter it (never opening a browser), polls until they
/// approve, deny or the code expires, and completes with the command's operation through `signInWithIdp`.
struct DeviceSignIn {
    /// How long the wait lasts when `--timeout` is not given, in seconds (as for `--browser`).
    static let defaultWaitSeconds = BrowserSignIn.defaultWaitSeconds

    let invocation: Invocation

    /// Runs the flow; `complete` sends the provider credential (sign in, link or reauthenticate).
    func run(_ complete: (Credential) throws -> AuthResult) throws -> AuthResult {
        let arguments = invocation.arguments
        let providerId = arguments.value(CredentialOptions.provider) ?? ""
        try Self.checkSupported(providerId)
        let waitSeconds = try invocation.timeout() ?? Self.defaultWaitSeconds
        let client = try invocation.client()
        let settings = DeviceSettings(
            invocation: invocation, stored: client.configuration.project.deviceClients[providerId])
        let clientId = try settings.clientId(providerId: providerId)
        let clientSecret = try settings.clientSecret()
        if providerId == "google.com", clientSecret == nil {
            throw FauthError.usage(
                "google.com --device needs the OAuth client's secret: --client-secret-file FILE|@- or "
                    + "FAUTH_CLIENT_SECRET (never on the command line)")
        }
        let server = client.configuration.target.server
        let endpoints: DeviceFlowEndpoints
        switch providerId {
        case "google.com": endpoints = .google(on: server)
        case "github.com": endpoints = .github(on: server)
        default:
            let issuer = try settings.issuer(providerId: providerId, emulatorHost: server.emulatorHost)
            endpoints = try client.discoverDeviceEndpoints(providerId: providerId, issuer: issuer)
        }
        let keptIssuer = providerId.hasPrefix("oidc.") ? try settings.givenIssuer() : nil
        invocation.deviceClient = (providerId, DeviceClientSettings(clientId: clientId, issuer: keptIssuer))
        let deviceClient = DeviceClient(
            providerId: providerId, clientId: clientId, clientSecret: clientSecret,
            extraScopes: arguments.values(CredentialOptions.scope))
        let authorization = try client.startDeviceSignIn(endpoints, client: deviceClient)
        instruct(providerId: providerId, authorization)
        let credential = try client.waitForDeviceApproval(
            endpoints, client: deviceClient, authorization: authorization, within: waitSeconds)
        return try complete(.identityProvider(credential))
    }

    /// Tells the person where to go and what to type, on stderr; with `--json` also one JSON object on a line of
    /// its own (`deviceAuthorization`) for a wrapper to show.
    private func instruct(providerId: String, _ authorization: DeviceAuthorization) {
        let expiresAt = UnixTime(seconds: invocation.context.now().seconds + authorization.expiresIn)
        let say = invocation.context.writeError
        var text = """
            To sign in with \(providerId), open this page on any device (a phone will do):

              \(TerminalText.escaped(authorization.verificationURI))

            and enter the code:  \(TerminalText.escaped(authorization.userCode))

            """
        if let complete = authorization.verificationURIComplete {
            text += "Or open this page, which has the code filled in:\n\n  \(TerminalText.escaped(complete))\n\n"
        }
        text += "The code expires at \(ISO8601.format(expiresAt)). Waiting for approval (Ctrl-C to stop)…\n"
        say(text)
        guard invocation.json else { return }
        var object: JSONObject = [
            "providerId": .string(providerId), "verificationUri": .string(authorization.verificationURI),
            "userCode": .string(authorization.userCode), "expiresAt": .string(ISO8601.format(expiresAt)),
            "intervalSeconds": .number(authorization.interval),
        ]
        object["verificationUriComplete"] = authorization.verificationURIComplete.map(JSONValue.string)
        say(JSONValue.object(["deviceAuthorization": .object(object)]).serialized() + "\n")
    }

    /// The providers whose device flow fauth knows: a usage error naming what works instead for any other.
    static func checkSupported(_ providerId: String) throws {
        guard providerId != "google.com", providerId != "github.com", !providerId.hasPrefix("oidc.") else { return }
        throw FauthError.usage(
            "--device works with google.com, github.com and oidc.* providers; \(providerId) has no device flow "
                + "fauth can use: sign in with --browser or --no-browser, or through an oidc.* provider")
    }
}
