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
    func issueTokens(
        for user: UserRecord, in project: ProjectState, signInProvider: String, extraClaims: JSONObject = [:],
        secondFactor: SecondFactorClaims? = nil, signInAttributes: JSONValue? = nil, nowMillis: Int
    ) -> IssuedTokens {
        var user = user
        user.lastRefreshAt = Timestamp.iso8601(millis: nowMillis)
        project.save(user)
        let lifetime = config.idTokenLifetime
        let claims = IDToken.claims(
            for: user, signInProvider: signInProvider, projectId: projectId, extraClaims: extraClaims,
            secondFactor: secondFactor, signInAttributes: signInAttributes, issuedAt: nowMillis / 1000,
            lifetime: lifetime)
        let refresh = RefreshToken(
            localId: user.localId, provider: signInProvider, extraClaims: extraClaims,
            projectId: projectId, secondFactor: secondFactor, tenantId: user.tenantId,
            issuedAt: nowMillis / 1000)
        return IssuedTokens(
            idToken: tokenSigner.encode(claims, as: .idToken), refreshToken: refresh.encoded,
            expiresIn: String(lifetime))
    }
}
