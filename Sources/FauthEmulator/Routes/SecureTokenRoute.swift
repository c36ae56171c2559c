import FauthJSON

extension RouteTable {
    /// `POST /securetoken.googleapis.com/v1/token` (JSON or form body).
    static let secureToken = Route(
        "POST", "/securetoken.googleapis.com/v1/token", access: .apiKey, acceptsForm: true,
        schema: .grantToken,
        answer: .json(
            .object(required: [
                "id_token": .string, "access_token": .string, "expires_in": .string, "refresh_token": .string,
                "token_type": .string, "user_id": .string, "project_id": .string,
            ])),
        handler: SecureTokenRoute.handle)
}

/// The Secure Token refresh: a refresh token for a new ID token (and a new refresh token).
enum SecureTokenRoute {
    /// Handles the route, with Firebase's check order: a body refresh token is decoded first and its tenant compared
    /// with the body's (Firebase's pre-handler), then the grant, then the token's project, tenant and user.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let rawToken = try request.string("refreshToken")
        let decoded = rawToken.flatMap(RefreshToken.init(decoding:))
        if let rawToken, !rawToken.isEmpty { try ensure(decoded != nil, "INVALID_REFRESH_TOKEN") }
        let bodyTenant = try request.string("tenantId").flatMap { $0.isEmpty ? nil : $0 }
        if let tokenTenant = decoded?.tenantId, let bodyTenant {
            try ensure(
                tokenTenant == bodyTenant,
                "TENANT_ID_MISMATCH: ((Refresh token tenant ID does not match target tenant ID.))")
        }
        guard let grantType = try request.string("grantType"), !grantType.isEmpty else {
            throw APIError.badRequest("MISSING_GRANT_TYPE")
        }
        try ensure(grantType == "refresh_token", "INVALID_GRANT_TYPE")
        try ensure(!(rawToken ?? "").isEmpty, "MISSING_REFRESH_TOKEN")
        guard let token = decoded, token.projectId == state.projectId else {
            throw APIError.badRequest("INVALID_REFRESH_TOKEN")
        }
        let project = state.project(tenantId: bodyTenant ?? token.tenantId)
        if let tenantId = project.tenantId { try ensure(token.tenantId == tenantId, "TENANT_ID_MISMATCH") }
        guard let user = project.user(localId: token.localId) else {
            throw APIError.badRequest("INVALID_REFRESH_TOKEN")
        }
        try ensure(!user.disabled, "USER_DISABLED")
        if state.config.refreshTokenRevocation, let validSince = user.validSince, let issuedAt = token.issuedAt {
            try ensure(issuedAt >= validSince, "TOKEN_EXPIRED")
        }
        let now = Timestamp.nowMillis()
        let tokens = state.issueTokens(
            for: user, in: project, signInProvider: token.provider, extraClaims: token.extraClaims,
            secondFactor: token.secondFactor, nowMillis: now)
        var response: JSONObject = ["id_token": .string(tokens.idToken), "access_token": .string(tokens.idToken)]
        response["expires_in"] = .string(tokens.expiresIn)
        response["refresh_token"] = .string(tokens.refreshToken)
        response["token_type"] = "Bearer"
        response["user_id"] = .string(user.localId)
        response["project_id"] = .string(EmulatorState.projectNumber)
        return HTTPResponse.json(response)
    }
}
