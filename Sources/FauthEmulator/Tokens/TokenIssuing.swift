import FauthJSON

/// A freshly minted ID token and refresh token.
struct IssuedTokens: Sendable {
    var idToken: String
    var refreshToken: String
    /// The ID token lifetime in seconds, as the string Firebase sends.
    var expiresIn: String

    /// Adds `idToken`, `refreshToken` and `expiresIn` to a response object.
    func add(to object: inout JSONObject) {
        object["idToken"] = .string(idToken)
        object["refreshToken"] = .string(refreshToken)
        object["expiresIn"] = .string(expiresIn)
    }
}

extension EmulatorState {
    /// Mints an ID token and a refresh token for `user`, recording lastRefreshAt (not lastLoginAt) and saving the
    /// user in `project`, as Firebase's emulator does on every issue. `signInAttributes` (a SAML sign-in's) go into
    /// this ID token only, not into the refresh token.
    func issueTokens(for user: UserRecord, in project: ProjectState, signInProvider: String, extraClaims: JSONObject = [:],
                     secondFactor: SecondFactorClaims? = nil, signInAttributes: JSONValue? = nil, nowMillis: Int) -> IssuedTokens {
        var user = user
        user.lastRefreshAt = Timestamp.iso8601(millis: nowMillis)
        project.save(user)
        let lifetime = config.idTokenLifetime
        let claims = IDToken.claims(for: user, signInProvider: signInProvider, projectId: projectId, extraClaims: extraClaims,
                                    secondFactor: secondFactor, signInAttributes: signInAttributes, issuedAt: nowMillis / 1000,
                                    lifetime: lifetime)
        let refresh = RefreshToken(localId: user.localId, provider: signInProvider, extraClaims: extraClaims,
                                   projectId: projectId, secondFactor: secondFactor, tenantId: user.tenantId)
        return IssuedTokens(idToken: IDToken.encode(claims), refreshToken: refresh.encoded, expiresIn: String(lifetime))
    }

    /// Completes a sign-in: sets lastLoginAt, saves the user and mints tokens.
    func signIn(_ user: UserRecord, signInProvider: String, in project: ProjectState, extraClaims: JSONObject = [:],
                secondFactor: SecondFactorClaims? = nil, signInAttributes: JSONValue? = nil, nowMillis: Int) -> IssuedTokens {
        var signedIn = user
        signedIn.lastLoginAt = nowMillis
        return issueTokens(for: signedIn, in: project, signInProvider: signInProvider, extraClaims: extraClaims,
                           secondFactor: secondFactor, signInAttributes: signInAttributes, nowMillis: nowMillis)
    }

    /// The end of a first-factor sign-in: tokens added to `response`, or for an MFA user `mfaPendingCredential` and
    /// masked `mfaInfo` instead (lastLoginAt is then left for the second factor).
    func finishFirstFactor(_ user: UserRecord, signInProvider: String, in project: ProjectState,
                           signInAttributes: JSONValue? = nil, nowMillis: Int, into response: inout JSONObject) {
        if !stopsForSecondFactor(user, in: project) {
            signIn(user, signInProvider: signInProvider, in: project, signInAttributes: signInAttributes, nowMillis: nowMillis)
                .add(to: &response)
        } else {
            project.save(user)
            let pending = MFAPendingCredential(localId: user.localId, signInProvider: signInProvider,
                                               projectId: projectId, tenantId: project.tenantId)
            response["mfaPendingCredential"] = .string(pending.encoded)
            response["mfaInfo"] = .array(user.mfaInfo.map { .object(maskedEnrollment($0)) })
        }
    }

    /// An enrollment as sign-in responses show it: the phone number masked as `+*******0100`.
    func maskedEnrollment(_ enrollment: MFAEnrollment) -> JSONObject {
        var object: JSONObject = ["mfaEnrollmentId": .string(enrollment.mfaEnrollmentId)]
        if let name = enrollment.displayName { object["displayName"] = .string(name) }
        if let phone = enrollment.phoneInfo { object["phoneInfo"] = .string(Self.maskedPhoneNumber(phone)) }
        if enrollment.totpSharedSecret != nil { object["totpInfo"] = .object([:]) }
        object["enrolledAt"] = .string(enrollment.enrolledAt)
        return object
    }

    /// `+15555550100` → `+*******0100`, `+1 555-555-0100` → `+* ***-***-0100`: every digit but the last four
    /// becomes `*`; other characters are kept.
    static func maskedPhoneNumber(_ phone: String) -> String {
        var digitsSeen = 0
        let masked = phone.reversed().map { character -> Character in
            guard character.isASCII, character.isNumber else { return character }
            digitsSeen += 1
            return digitsSeen > 4 ? "*" : character
        }
        return String(masked.reversed())
    }

    /// Firebase's `parseIdToken`: decodes `token` and runs the checks in order (INVALID_ID_TOKEN, tenant checks,
    /// USER_NOT_FOUND, TOKEN_EXPIRED, USER_DISABLED). With fauth's `idTokenLifetimeSeconds` set, `exp` is enforced too.
    func parseIdToken(_ token: String, in project: ProjectState, nowMillis: Int) throws(APIError) -> ParsedIDToken {
        guard let payload = IDToken.decodePayload(token) else { throw APIError.badRequest("INVALID_ID_TOKEN") }
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
        return ParsedIDToken(payload: payload, user: user, signInProvider: firebase["sign_in_provider"]?.string ?? "custom",
                             authTime: payload["auth_time"]?.int ?? Int(min(max(issuedAt, 0), 1e12)))
    }
}
