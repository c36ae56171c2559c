import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/projects/{p}[/tenants/{t}]:createSessionCookie` (Admin SDKs).
    static let createSessionCookie = Route(
        "POST",
        [
            "/identitytoolkit.googleapis.com/v1/projects/{project}:createSessionCookie",
            "/identitytoolkit.googleapis.com/v1/projects/{project}/tenants/{tenant}:createSessionCookie",
        ], access: .privileged, schema: .createSessionCookie,
        answer: .json(.object(required: ["sessionCookie": .string])),
        handler: SessionCookieRoute.handle)
}

/// `projects:createSessionCookie`: a JWT (RS256 when the emulator signs, else unsigned) with the ID token's claims, `iat` now, `exp` after `validDuration`
/// seconds (default and maximum 14 days, minimum 5 minutes) and the session issuer.
enum SessionCookieRoute {
    /// The shortest session accepted, in seconds.
    static let minimumDuration = 5 * 60
    /// The longest session accepted and the default, in seconds.
    static let maximumDuration = TokenSigner.longestSessionCookieSeconds

    /// Handles the route, with Firebase's check order: MISSING_ID_TOKEN, INVALID_DURATION, the ID-token errors.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        let idToken = try request.requireField("idToken", else: "MISSING_ID_TOKEN")
        let requested = try request.string("validDuration").flatMap(Double.init) ?? 0
        let duration = requested == 0 || requested.isNaN ? Double(maximumDuration) : requested
        try ensure(duration >= Double(minimumDuration) && duration <= Double(maximumDuration), "INVALID_DURATION")
        let now = Timestamp.nowMillis()
        var claims = try state.parseIdToken(idToken, in: project, nowMillis: now).payload
        let issuedAt = now / 1000
        claims["iat"] = .number(Double(issuedAt))
        claims["exp"] = .number(Double(issuedAt) + duration)
        claims["iss"] = .string("https://session.firebase.google.com/\(claims["aud"]?.string ?? "undefined")")
        return HTTPResponse.json(["sessionCookie": .string(state.tokenSigner.encode(claims, as: .sessionCookie))])
    }
}
