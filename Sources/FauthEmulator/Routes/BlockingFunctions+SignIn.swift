import FauthJSON

/// What an event JWT tells of the sign-in besides the user, under Firebase's emulator's names (absent ones left out).
struct SignInEvent {
    /// `sign_in_method`: `password`, `emailLink`, `phone` or the IdP's provider id.
    var method: String
    /// `sign_in_second_factor`: the factor an MFA sign-in finishes with.
    var secondFactor: String?
    /// `raw_user_info`: the IdP's user profile, serialized.
    var rawUserInfo: String?
    /// `sign_in_attributes`: a SAML sign-in's attribute statements, serialized.
    var signInAttributes: String?
    /// The IdP credential, sent only where `blockingFunctions.forwardInboundCredentials` asks for it.
    var oauthIdToken: String?
    var oauthAccessToken: String?

    /// Adds the IdP credential the config forwards (`idToken`, `accessToken`) to an event's claims.
    func addForwardedCredentials(to claims: inout JSONObject, forwarding: JSONValue?) {
        if forwarding?["idToken"].map(JavaScriptTruthiness.isTruthy) == true {
            claims["oauth_id_token"] = oauthIdToken.map(JSONValue.string)
        }
        if forwarding?["accessToken"].map(JavaScriptTruthiness.isTruthy) == true {
            claims["oauth_access_token"] = oauthAccessToken.map(JSONValue.string)
        }
    }
}

extension BlockingFunctions {
    /// A client sign-in's functions in Firebase's emulator's order, the user saved after each answer (so a disabling
    /// answer is stored before the caller refuses the sign-in): a new user meets beforeCreate, then everyone
    /// beforeSignIn unless the user is disabled or, where `secondFactorWaits`, the sign-in stops for a second factor
    /// (that one is called when the second factor is checked). Returns the user and beforeSignIn's session claims.
    static func signIn(
        _ user: UserRecord, isNewUser: Bool, event: SignInEvent, in project: ProjectState,
        state: EmulatorState, secondFactorWaits: Bool = true,
        nowMillis: Int
    ) throws(APIError) -> (user: UserRecord, sessionClaims: JSONObject?) {
        var user = user
        if isNewUser {
            user = try call(.beforeCreate, user: user, signIn: event, state: state, nowMillis: nowMillis).user
            project.save(user)
        }
        guard !user.disabled, !(secondFactorWaits && state.stopsForSecondFactor(user, in: project)) else {
            return (user, nil)
        }
        let answered = try call(.beforeSignIn, user: user, signIn: event, state: state, nowMillis: nowMillis)
        project.save(answered.user)
        return answered
    }
}
