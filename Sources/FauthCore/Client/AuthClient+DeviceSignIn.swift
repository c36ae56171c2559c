import FauthJSON

/// The OAuth 2.0 device authorization grant (RFC 8628) with a provider, whose token then completes through
/// `signIn`, `link` or `reauthenticate` like any provider token. Every request goes through the backend's transport
/// (its TLS, proxy and plain-http rules, its deadline and trace); nothing is retried but the polling itself.
extension AuthClient {
    /// The endpoints of the OpenID provider at `issuer`, from its discovery document.
    package func discoverDeviceEndpoints(providerId: String, issuer: String) throws -> DeviceFlowEndpoints {
        guard DeviceFlowEndpoints.isHTTPURL(issuer) else {
            throw FauthError(.usage, message: "The issuer '\(issuer)' is not an http(s) URL")
        }
        let url = DeviceFlowEndpoints.discoveryURL(issuer: issuer)
        let response = try exchange(method: "GET", url: url, form: [], secrets: [])
        guard (200..<300).contains(response.status), let document = try? JSONValue.parse(response.body) else {
            throw FauthError(
                .operationNotAllowed,
                message: "No OpenID discovery document at \(url) (HTTP \(response.status)); check the issuer URL.")
        }
        return try DeviceFlowEndpoints(providerId: providerId, issuer: issuer, discovery: document)
    }

    /// Asks the provider for a device code and the page where the person approves it (RFC 8628, 3.1).
    package func startDeviceSignIn(_ endpoints: DeviceFlowEndpoints, client: DeviceClient) throws
        -> DeviceAuthorization
    {
        let response = try exchange(
            method: "POST", url: endpoints.deviceAuthorizationURL,
            form: [("client_id", client.clientId), ("scope", client.scopes.joined(separator: " "))],
            secrets: [client.clientSecret].compactMap { $0 })
        let endpoint = "device authorization endpoint"
        guard let json = try? JSONValue.parse(response.body) else {
            throw DeviceFlowError.unreadable(status: response.status, endpoint: endpoint)
        }
        if let error = json["error"]?.string {
            throw DeviceFlowError.failure(error, description: json["error_description"]?.string)
        }
        guard (200..<300).contains(response.status) else {
            throw DeviceFlowError.unreadable(status: response.status, endpoint: endpoint)
        }
        return try DeviceAuthorization(json, endpoint: endpoint)
    }

    /// Polls the token endpoint at the server's interval (5 s more after each `slow_down`, keeping on through
    /// `authorization_pending`) until the person approves, within `seconds` and the code's lifetime, and returns
    /// the provider credential. Denied is `cancelled`, expired `session-expired`, out of time `cancelled` (after
    /// waiting the whole of `seconds`).
    package func waitForDeviceApproval(
        _ endpoints: DeviceFlowEndpoints, client: DeviceClient, authorization: DeviceAuthorization,
        within seconds: Double, sleep: @Sendable (Double) -> Void = RetryPolicy.sleepOnThisThread
    ) throws -> IdpCredential {
        let start = MonotonicTime.now()
        var interval = authorization.interval
        var form = [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", authorization.deviceCode),
            ("client_id", client.clientId),
        ]
        if let secret = client.clientSecret { form.append(("client_secret", secret)) }
        let secrets = [authorization.deviceCode] + [client.clientSecret].compactMap { $0 }
        while true {
            let elapsed = MonotonicTime.now().seconds(since: start)
            // The server says when the code expired (expired_token); past its lifetime and a grace for the clocks'
            // difference, the code is taken as expired without asking.
            if elapsed >= authorization.expiresIn + Self.expiryGrace {
                throw DeviceFlowError.failure("expired_token", description: nil)
            }
            // No poll sooner than the interval: when the wait ends first, it ends without one.
            guard elapsed + interval < seconds else {
                sleep(max(0, seconds - elapsed))
                throw DeviceFlowError.timedOut(after: seconds)
            }
            sleep(interval)
            let response = try exchange(method: "POST", url: endpoints.tokenURL, form: form, secrets: secrets)
            switch try DeviceTokenAnswer(
                status: response.status, body: response.body, wanted: endpoints.token, endpoint: "token endpoint")
            {
            case .pending: continue
            case .slowDown(let given):
                interval = max(interval + 5, min(given ?? 0, DeviceAuthorization.maximumInterval))
            case .token(let token):
                return endpoints.token == .idToken
                    ? IdpCredential(providerId: endpoints.providerId, idToken: token)
                    : IdpCredential(providerId: endpoints.providerId, accessToken: token)
            }
        }
    }

    /// How long past a code's lifetime polling goes on, waiting for the server's `expired_token`, in seconds.
    static let expiryGrace = 5.0

    /// One request to the provider: a form body (or none), JSON asked for (GitHub answers a form otherwise).
    private func exchange(method: String, url: String, form: [(String, String)], secrets: [String]) throws
        -> TransportResponse
    {
        let request = TransportRequest(
            method: method, url: url,
            headers: [("Accept", "application/json"), ("User-Agent", Backend.clientVersion)]
                + (form.isEmpty ? [] : [("Content-Type", "application/x-www-form-urlencoded")]),
            body: Array(PercentEncoding.form(form.map { (name: $0.0, value: $0.1) }).utf8),
            timeout: backend.options.timeout, trust: backend.options.trust)
        return try backend.exchange(request, tracedAs: "\(url)", secrets: secrets)
    }
}
