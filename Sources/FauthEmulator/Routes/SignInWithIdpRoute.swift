import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:signInWithIdp`.
    static let signInWithIdp = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp",
        access: .apiKey, schema: .signInWithIdp, answer: SignInWithIdpRoute.answer, handler: SignInWithIdpRoute.handle)
}

/// `accounts:signInWithIdp` with fake IdP credentials: the credential checks, then Firebase's account decision
/// (link, sign in by provider or by email, needConfirmation, sign up), then tokens or an MFA challenge.
enum SignInWithIdpRoute {
    /// The answer (`SignInWithIdpResponse`): the IdP's profile and credential always; then `errorMessage` (a refused
    /// account decision with `returnIdpCredential`), `needConfirmation`, or the account with tokens or a second-factor
    /// challenge.
    static let answer = RouteAnswer.json(
        .object(
            required: [
                "kind": .string, "context": .string, "providerId": .string, "federatedId": .string,
                "oauthAccessToken": .string,
            ],
            optional: AnswerSchema.issuedTokens.merging(AnswerSchema.pendingSecondFactor) { $1 }.merging([
                "displayName": .string, "fullName": .string, "screenName": .string, "email": .string,
                "emailVerified": .boolean, "photoUrl": .string, "firstName": .string, "lastName": .string,
                "rawUserInfo": .string, "oauthIdToken": .string, "errorMessage": .string, "needConfirmation": .boolean,
                "verifiedProvider": .array(.string), "emailRecycled": .boolean, "localId": .string,
                "isNewUser": .boolean, "tenantId": .string,
            ]) { $1 }))

    /// Answers one request.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let nowMillis = Timestamp.nowMillis()
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        try rejectUnimplemented(
            try request.bool("returnRefreshToken") == true, "returnRefreshToken is not implemented yet.")
        try rejectUnimplemented(
            !(try request.string("pendingIdToken") ?? "").isEmpty, "pendingIdToken is not implemented yet.")

        let returnsCredentialOnError = try request.bool("returnIdpCredential") == true
        let credential = try IdpCredential(request) { state.deviceCodes.claims(ofAccessToken: $0) }
        try state.idpSessions.complete(
            sessionId: try request.string("sessionId").flatMap { $0.isEmpty ? nil : $0 },
            requestUri: credential.requestUri,
            providerId: credential.profile.providerId)
        var response = credential.profile.responseFields
        response["oauthAccessToken"] = .string(
            credential.accessToken ?? "FirebaseAuthEmulatorFakeAccessToken_\(credential.profile.providerId)")
        response["oauthIdToken"] = credential.idToken.map(JSONValue.string)

        let linkingUser = try request.string("idToken").flatMap { $0.isEmpty ? nil : $0 }.map {
            token throws(APIError) in
            try state.parseIdToken(token, in: project, nowMillis: nowMillis).user
        }
        let decision: IdpAccountDecision
        do {
            decision = try IdpAccountDecision(
                credential.profile, linkingUser: linkingUser, in: project,
                oneAccountPerEmail: !state.config.allowDuplicateEmails)
        } catch  where error.httpStatus == 400 && returnsCredentialOnError {
            response["errorMessage"] = .string(error.message)
            return .json(response)
        }
        // `autoCreate: false` (a reauthentication) never makes an account: as in production, USER_NOT_FOUND.
        if case .signUp = decision, try request.bool("autoCreate") == false {
            throw APIError.badRequest("USER_NOT_FOUND")
        }
        return .json(
            try finish(
                decision, credential: credential, response: response, in: project, state: state, nowMillis: nowMillis))
    }

    /// Applies `decision` to the project and completes the response.
    private static func finish(
        _ decision: IdpAccountDecision, credential: IdpCredential, response: JSONObject,
        in project: ProjectState, state: EmulatorState, nowMillis: Int
    ) throws(APIError) -> JSONObject {
        let profile = credential.profile
        var response = response
        var user: UserRecord
        switch decision {
        case .needConfirmation(let existing):
            response["needConfirmation"] = true
            response["localId"] = .string(existing.localId)
            response["verifiedProvider"] = .array(
                existing.providerUserInfo.map(\.providerId)
                    .filter { $0 != "password" && $0 != "phone" }.map(JSONValue.string))
            return response
        case .signUp(let copiesEmail):
            user = project.newUser(nowMillis: nowMillis)
            user.lastLoginAt = nowMillis
            profile.applyProfile(to: &user)
            if copiesEmail, let email = profile.email {
                user.email = email
                user.emailVerified = profile.emailVerified
            }
        case .link(let existing):
            user = existing
            if !state.config.allowDuplicateEmails, let email = profile.email, user.email == nil {
                user.email = email
                user.emailVerified = profile.emailVerified
            }
            if let email = profile.email, profile.emailVerified, user.email == email {
                user.emailVerified = true
            }
        case .signIn(let existing):
            user = existing
        case .mergeByVerifiedEmail(let existing, let emailRecycled):
            user = existing
            if emailRecycled { response["emailRecycled"] = true }
            if user.emailVerified != true {
                user.passwordHash = nil
                user.importedHash = nil
                user.phoneNumber = nil
                user.validSince = nowMillis / 1000
                user.providerUserInfo = []
            }
            profile.applyProfile(to: &user)
            user.emailVerified = true
        }
        let isNewUser = if case .signUp = decision { true } else { false }
        if isNewUser { response["isNewUser"] = true }
        user.upsertProvider(profile.providerUserInfo)
        user.syncPasswordProvider()
        let event = SignInEvent(
            method: profile.providerId, rawUserInfo: profile.rawUserInfo,
            signInAttributes: credential.signInAttributes?.serialized(), oauthIdToken: credential.idToken,
            oauthAccessToken: response["oauthAccessToken"]?.string)
        let sessionClaims: JSONObject?
        (user, sessionClaims) = try BlockingFunctions.signIn(
            user, isNewUser: isNewUser, event: event, in: project, state: state,
            nowMillis: nowMillis)
        project.save(user)
        response["localId"] = .string(user.localId)
        if user.email == profile.email {
            response["emailVerified"] = user.emailVerified.map(JSONValue.bool)
        }
        // The link is written first; a disabled user is refused unless a second factor comes next (as in Firebase).
        if !state.stopsForSecondFactor(user, in: project) { try ensure(!user.disabled, "USER_DISABLED") }
        if let tenantId = project.tenantId { response["tenantId"] = .string(tenantId) }
        state.finishFirstFactor(
            user, signInProvider: profile.providerId, in: project, extraClaims: sessionClaims ?? [:],
            signInAttributes: credential.signInAttributes, nowMillis: nowMillis, into: &response)
        return response
    }
}
