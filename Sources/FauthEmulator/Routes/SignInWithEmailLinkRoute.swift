import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink`.
    static let signInWithEmailLink = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink", access: .apiKey,
        schema: .signInWithEmailLink,
        answer: .json(
            .object(
                required: ["kind": .string, "email": .string, "localId": .string, "isNewUser": .boolean],
                optional: AnswerSchema.issuedTokens.merging(AnswerSchema.pendingSecondFactor) { $1 })),
        handler: SignInWithEmailLinkRoute.handle)
}

/// `accounts:signInWithEmailLink`: consumes an EMAIL_SIGNIN code; signs in, creates, or links to the ID token's user.
enum SignInWithEmailLinkRoute {
    /// Handles the route, with Firebase's check order.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        try ensure(state.signInSettings(for: project).enableEmailLinkSignin, "OPERATION_NOT_ALLOWED")
        let now = Timestamp.nowMillis()
        var linkTarget: UserRecord?
        if let idToken = try request.string("idToken"), !idToken.isEmpty {
            linkTarget = try state.parseIdToken(idToken, in: project, nowMillis: now).user
        }
        let email = try request.requireField("email", else: "MISSING_EMAIL").lowercased()
        let code = try request.requireField("oobCode", else: "MISSING_OOB_CODE")
        guard let oob = project.oobCode(code), oob.requestType == "EMAIL_SIGNIN" else {
            throw APIError.badRequest("INVALID_OOB_CODE")
        }
        try ensure(oob.email == email, "INVALID_EMAIL : The email provided does not match the sign-in email address.")
        _ = project.consumeOobCode(code)
        let existing = project.user(email: email)
        if let signingIn = linkTarget ?? existing { try ensure(!signingIn.disabled, "USER_DISABLED") }
        if let linkTarget, let existing {
            try ensure(existing.localId == linkTarget.localId, "EMAIL_EXISTS")
        }
        let isNewUser = linkTarget == nil && existing == nil
        var user = linkTarget ?? existing ?? project.newUser(nowMillis: now)
        user.email = email
        user.emailVerified = true
        user.emailLinkSignin = true
        user.syncPasswordProvider()
        let (signingIn, sessionClaims) = try BlockingFunctions.signIn(
            user, isNewUser: isNewUser, event: SignInEvent(method: "emailLink"),
            in: project, state: state, nowMillis: now)
        try ensure(!signingIn.disabled, "USER_DISABLED")
        var response: JSONObject = ["kind": "identitytoolkit#EmailLinkSigninResponse", "email": .string(email)]
        response["localId"] = .string(user.localId)
        response["isNewUser"] = .bool(isNewUser)
        state.finishFirstFactor(
            signingIn, signInProvider: "password", in: project, extraClaims: sessionClaims ?? [:], nowMillis: now,
            into: &response)
        return HTTPResponse.json(response)
    }
}
