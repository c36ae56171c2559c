import FauthJSON

extension RouteTable {
    /// `POST /oauth2.googleapis.com/device/code`: Google's device authorization endpoint (RFC 8628, 3.1).
    static let googleDeviceCode = Route(
        "POST", "/oauth2.googleapis.com/device/code", access: .open, acceptsForm: true,
        answer: .jsonRefusing(DeviceAuthorizationRoutes.codeAnswer(page: ["verification_url"]), refusal: .oauth)
    ) { request, state throws(APIError) in DeviceAuthorizationRoutes.deviceCode(request, state, .google) }
    /// `POST /oauth2.googleapis.com/token` with `grant_type=urn:ietf:params:oauth:grant-type:device_code`.
    static let googleDeviceToken = Route(
        "POST", "/oauth2.googleapis.com/token", access: .open, acceptsForm: true,
        answer: .jsonRefusing(DeviceAuthorizationRoutes.idTokenAnswer, refusal: .oauth)
    ) { request, state throws(APIError) in DeviceAuthorizationRoutes.token(request, state, .google) }
    /// `POST /github.com/login/device/code`: GitHub's device flow.
    static let githubDeviceCode = Route(
        "POST", "/github.com/login/device/code", access: .open, acceptsForm: true,
        answer: .jsonRefusing(DeviceAuthorizationRoutes.codeAnswer(page: ["verification_uri"]), refusal: .oauth)
    ) { request, state throws(APIError) in DeviceAuthorizationRoutes.deviceCode(request, state, .github) }
    /// `POST /github.com/login/oauth/access_token`.
    static let githubDeviceToken = Route(
        "POST", "/github.com/login/oauth/access_token", access: .open, acceptsForm: true,
        answer: .jsonRefusing(
            .oneOf([DeviceAuthorizationRoutes.accessTokenAnswer, DeviceAuthorizationRoutes.pollErrorAnswer]),
            refusal: .oauth)
    ) { request, state throws(APIError) in DeviceAuthorizationRoutes.token(request, state, .github) }
    /// `GET /emulator/oidc/{providerId}/.well-known/openid-configuration`: an emulated OpenID provider's discovery.
    static let oidcDiscovery = Route(
        "GET", DeviceAuthorizationServer.oidcPrefix + "/{provider}/.well-known/openid-configuration", access: .open,
        answer: .json(
            .object(required: [
                "issuer": .string, "device_authorization_endpoint": .string, "token_endpoint": .string,
                "grant_types_supported": .array(.string), "response_types_supported": .array(.string),
                "subject_types_supported": .array(.string), "id_token_signing_alg_values_supported": .array(.string),
                "scopes_supported": .array(.string),
            ]))
    ) { request, state throws(APIError) in
        let server = try DeviceAuthorizationRoutes.oidcServer(request)
        let issuer = server.issuer(authority: state.linkAuthority)
        return HTTPResponse.json([
            "issuer": .string(issuer), "device_authorization_endpoint": .string(issuer + "/device/code"),
            "token_endpoint": .string(issuer + "/token"),
            "grant_types_supported": ["urn:ietf:params:oauth:grant-type:device_code"],
            "response_types_supported": ["id_token"], "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["none"], "scopes_supported": ["openid", "email", "profile"],
        ])
    }
    /// `POST /emulator/oidc/{providerId}/device/code`.
    static let oidcDeviceCode = Route(
        "POST", DeviceAuthorizationServer.oidcPrefix + "/{provider}/device/code", access: .open, acceptsForm: true,
        answer: .jsonRefusing(
            DeviceAuthorizationRoutes.codeAnswer(page: ["verification_uri", "verification_uri_complete"]),
            refusal: .oauth)
    ) { request, state throws(APIError) in
        DeviceAuthorizationRoutes.deviceCode(request, state, try DeviceAuthorizationRoutes.oidcServer(request))
    }
    /// `POST /emulator/oidc/{providerId}/token`.
    static let oidcDeviceToken = Route(
        "POST", DeviceAuthorizationServer.oidcPrefix + "/{provider}/token", access: .open, acceptsForm: true,
        answer: .jsonRefusing(DeviceAuthorizationRoutes.idTokenAnswer, refusal: .oauth)
    ) { request, state throws(APIError) in
        DeviceAuthorizationRoutes.token(request, state, try DeviceAuthorizationRoutes.oidcServer(request))
    }
}

/// The emulated device authorization servers (RFC 8628): a device code for the client, polled at the token
/// endpoint until a person approves or denies it on the emulator's page (`DevicePageRoutes`) or through the control
/// routes; approved, the answer carries an unsigned ID token of the chosen identity (Google, OpenID) or an access
/// token that this emulator's `signInWithIdp` takes (GitHub).
enum DeviceAuthorizationRoutes {
    /// The grant type of a device code poll.
    static let grantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// A device code answer (RFC 8628, 3.2) naming the verification page with the members `page` (Google's
    /// `verification_url`; RFC 8628's `verification_uri`, and `verification_uri_complete` for an OpenID provider).
    /// `interval` is a number: the emulator's configured interval may have a fraction.
    static func codeAnswer(page: [String]) -> AnswerSchema {
        var members: [String: AnswerSchema] = [
            "device_code": .string, "user_code": .string, "expires_in": .integer, "interval": .number,
        ]
        for name in page { members[name] = .string }
        return .object(required: members)
    }

    /// GitHub's token answer: an access token, and the scope when the poll named one.
    static let accessTokenAnswer = AnswerSchema.object(
        required: ["access_token": .string, "token_type": .string], optional: ["scope": .string])

    /// The OAuth error of a GitHub poll, which GitHub answers with `200`: the error, and the new `interval` after a
    /// `slow_down` (no description).
    static let pollErrorAnswer = AnswerSchema.object(required: ["error": .string], optional: ["interval": .number])

    /// Google's and an OpenID provider's token answer: the access token with the approved identity's ID token.
    static let idTokenAnswer = AnswerSchema.object(
        required: ["access_token": .string, "token_type": .string, "id_token": .string, "expires_in": .integer],
        optional: ["scope": .string])

    /// Issues a device code.
    static func deviceCode(_ request: RouteRequest, _ state: EmulatorState, _ server: DeviceAuthorizationServer)
        -> HTTPResponse
    {
        guard let clientId = field(request, "clientId") else {
            return oauthError("invalid_client", "client_id is required", status: 401)
        }
        let nowMillis = Timestamp.nowMillis()
        let code = state.deviceCodes.issue(
            server: server, clientId: clientId, scope: field(request, "scope") ?? "",
            interval: state.config.deviceIntervalSeconds, lifetime: state.config.deviceCodeLifetimeSeconds,
            nowMillis: nowMillis)
        let page = "http://\(state.linkAuthority)\(DevicePageRoutes.pagePath)"
        var answer: JSONObject = [
            "device_code": .string(code.deviceCode), "user_code": .string(code.userCode),
            "expires_in": .number(Double(state.config.deviceCodeLifetimeSeconds)),
            "interval": .number(code.interval),
        ]
        // Google names the page `verification_url`; GitHub and RFC 8628 `verification_uri`.
        answer[server == .google ? "verification_url" : "verification_uri"] = .string(page)
        if case .oidc = server {
            answer["verification_uri_complete"] = .string(page + "?user_code=" + code.userCode)
        }
        return .json(answer)
    }

    /// Answers one poll: an OAuth error, or the tokens of the approved identity.
    static func token(_ request: RouteRequest, _ state: EmulatorState, _ server: DeviceAuthorizationServer)
        -> HTTPResponse
    {
        guard field(request, "grantType") == grantType else {
            return oauthError("unsupported_grant_type", "grant_type must be \(grantType)", status: 400)
        }
        guard let clientId = field(request, "clientId"),
            !server.requiresClientSecret || field(request, "clientSecret") != nil
        else {
            return oauthError("invalid_client", "client_id and client_secret are required", status: 401)
        }
        let nowMillis = Timestamp.nowMillis()
        let result = state.deviceCodes.poll(
            deviceCode: field(request, "deviceCode") ?? "", clientId: clientId, server: server, nowMillis: nowMillis)
        let claims: JSONObject
        switch result {
        case .failure(let error):
            let slowedCode = state.deviceCodes.index(deviceCode: field(request, "deviceCode") ?? "", server: server)
            return oauthError(
                error.rawValue, nil, status: server.errorStatus,
                interval: error == .slowDown ? slowedCode.map { state.deviceCodes.codes[$0].interval } : nil)
        case .success(let approved): claims = approved
        }
        let accessToken = (server == .github ? "gho_" : "ya29.emulator-") + RandomID.alphanumeric(count: 36)
        var answer: JSONObject = ["access_token": .string(accessToken), "token_type": "Bearer"]
        answer["scope"] = field(request, "scope").map(JSONValue.string)
        if server.issuesIdToken {
            var idClaims = claims
            idClaims["iss"] = .string(server.issuer(authority: state.linkAuthority))
            idClaims["aud"] = .string(clientId)
            idClaims["azp"] = .string(clientId)
            idClaims["iat"] = .number(Double(nowMillis / 1000))
            idClaims["exp"] = .number(Double(nowMillis / 1000 + 3600))
            answer["id_token"] = .string(UnsignedJWT.encode(idClaims))
            answer["expires_in"] = 3599
        } else {
            state.deviceCodes.remember(accessToken: accessToken, claims: claims)
        }
        return .json(answer)
    }

    /// The emulated OpenID provider the path names (`/emulator/oidc/{providerId}/…`); a provider id that is not
    /// `oidc.*` is not found.
    static func oidcServer(_ request: RouteRequest) throws(APIError) -> DeviceAuthorizationServer {
        let segments = request.http.path.split(separator: "/")
        guard segments.count > 2, segments[2].hasPrefix("oidc."), segments[2].count > 5 else {
            throw APIError.notFound
        }
        return .oidc(providerId: String(segments[2]))
    }

    /// A non-empty form field.
    private static func field(_ request: RouteRequest, _ name: String) -> String? {
        (try? request.string(name)).flatMap { $0?.isEmpty == false ? $0 : nil }
    }

    /// An OAuth error answer (RFC 6749, 5.2), with the new `interval` after a `slow_down` (as GitHub gives it).
    private static func oauthError(_ error: String, _ description: String?, status: Int, interval: Double? = nil)
        -> HTTPResponse
    {
        var body: JSONObject = ["error": .string(error)]
        body["error_description"] = description.map(JSONValue.string)
        body["interval"] = interval.map(JSONValue.number)
        return .json(.object(body), status: status)
    }
}
