import FauthJSON

extension EmulatorState {
    /// Firebase's `parseIdToken`: decodes `token` and runs the checks in order (INVALID_ID_TOKEN, tenant checks,
    /// USER_NOT_FOUND, TOKEN_EXPIRED, USER_DISABLED). With fauth's `idTokenLifetimeSeconds` set, `exp` is enforced too.
    /// `decoded` is the token's payload when the caller has it already (`RouteRequest.idTokenPayload`).
    func parseIdToken(
        _ token: String, in project: ProjectState, nowMillis: Int,
        decoded: JSONObject? = nil
    ) throws(APIError) -> ParsedIDToken {
        guard let payload = decoded ?? IDToken.decodePayload(token) else {
            throw APIError.badRequest("INVALID_ID_TOKEN")
        }
        if config.idTokenLifetimeSeconds != nil {
            let expiry = payload["exp"]?.number ?? 0
            try ensure(Double(nowMillis) / 1000 < expiry, "INVALID_ID_TOKEN")
        }
        guard let firebase = payload["firebase"]?.object else {
            throw APIError.unexpected("Cannot read properties of undefined (reading 'tenant')", reason: "TypeError")
        }
        let tokenTenant = firebase["tenant"]?.string
        if tokenTenant != nil {
            try ensure(project.tenantId != nil, "((Parsed token that belongs to tenant in a non-tenant project.))")
        }
        try ensure(tokenTenant == project.tenantId, "TENANT_ID_MISMATCH")
        guard let localId = payload["user_id"]?.string, let user = project.user(localId: localId) else {
            throw APIError.badRequest("USER_NOT_FOUND")
        }
        let issuedAt = payload["iat"]?.number ?? 0
        if let validSince = user.validSince {
            try ensure(issuedAt >= Double(validSince), "TOKEN_EXPIRED")
        }
        try ensure(!user.disabled, "USER_DISABLED")
        return ParsedIDToken(
            payload: payload, user: user, signInProvider: firebase["sign_in_provider"]?.string ?? "custom",
            authTime: payload["auth_time"]?.int ?? Int(min(max(issuedAt, 0), 1e12)))
    }
}

extension EmulatorState {
    /// Throws CREDENTIAL_TOO_OLD_LOGIN_AGAIN when fauth's `recentLoginSeconds` is set and the token's auth_time is older.
    func checkRecentLogin(_ token: ParsedIDToken, nowMillis: Int) throws(APIError) {
        guard let limit = config.recentLoginSeconds else { return }
        try ensure(nowMillis / 1000 - token.authTime <= limit, "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    }
}
