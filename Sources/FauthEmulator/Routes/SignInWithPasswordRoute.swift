import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPassword`.
    static let signInWithPassword = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword", access: .apiKey,
        schema: .signInWithPassword,
        answer: .json(
            .object(
                required: ["kind": .string, "registered": .boolean, "localId": .string, "email": .string],
                optional: AnswerSchema.issuedTokens.merging(AnswerSchema.pendingSecondFactor) { $1 })),
        handler: SignInWithPasswordRoute.handle)
}

/// `accounts:signInWithPassword`, with email enumeration protection and fauth's failed sign-in limit.
enum SignInWithPasswordRoute {
    /// Handles the route, with Firebase's check order.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        try ensure(state.signInSettings(for: project).allowPasswordSignup, "PASSWORD_LOGIN_DISABLED")
        guard let rawEmail = try request.string("email") else { throw APIError.badRequest("MISSING_EMAIL") }
        try ensure(state.config.acceptsEmail(rawEmail), "INVALID_EMAIL")
        guard let password = try request.string("password"), !password.isEmpty else {
            throw APIError.badRequest("MISSING_PASSWORD")
        }
        try rejectUnimplemented(
            request.isTruthy("captchaResponse") || request.isTruthy("captchaChallenge"), "captcha unimplemented")
        try rejectUnimplemented(
            request.isTruthy("idToken") || request.isTruthy("pendingIdToken"),
            "idToken / pendingIdToken is no longer in use and unsupported by the Auth Emulator.")
        let email = rawEmail.lowercased()
        let now = Timestamp.nowMillis()
        try state.checkSignInThrottle(email: email, in: project, nowMillis: now)
        let privacy = state.config.improvedEmailPrivacy
        guard let user = project.user(email: email) else {
            state.recordFailedSignIn(email: email, in: project, nowMillis: now)
            throw APIError.badRequest(privacy ? "INVALID_LOGIN_CREDENTIALS" : "EMAIL_NOT_FOUND")
        }
        try ensure(!user.disabled, "USER_DISABLED")
        guard user.hasPassword(password) else {
            state.recordFailedSignIn(email: email, in: project, nowMillis: now)
            throw APIError.badRequest(privacy ? "INVALID_LOGIN_CREDENTIALS" : "INVALID_PASSWORD")
        }
        var response: JSONObject = ["kind": "identitytoolkit#VerifyPasswordResponse", "registered": true]
        response["localId"] = .string(user.localId)
        response["email"] = .string(email)
        let (signingIn, sessionClaims) = try BlockingFunctions.signIn(
            user, isNewUser: false, event: SignInEvent(method: "password"),
            in: project, state: state, nowMillis: now)
        try ensure(!signingIn.disabled, "USER_DISABLED")
        state.finishFirstFactor(
            signingIn, signInProvider: "password", in: project, extraClaims: sessionClaims ?? [:],
            nowMillis: now, into: &response)
        return HTTPResponse.json(response)
    }
}
