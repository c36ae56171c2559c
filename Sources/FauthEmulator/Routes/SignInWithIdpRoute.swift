import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:signInWithIdp`.
    static let signInWithIdp = Route("POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp",
                                     access: .apiKey, handler: SignInWithIdpRoute.handle)
}

/// `accounts:signInWithIdp` with fake IdP credentials: the credential checks, then Firebase's account decision
/// (link, sign in by provider or by email, needConfirmation, sign up), then tokens or an MFA challenge.
enum SignInWithIdpRoute {
    /// Answers one request.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let nowMillis = Timestamp.nowMillis()
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        try rejectUnimplemented(try request.bool("returnRefreshToken") == true, "returnRefreshToken is not implemented yet.")
        try rejectUnimplemented(try request.string("pendingIdToken") != nil, "pendingIdToken is not implemented yet.")

        let returnsCredentialOnError = try request.bool("returnIdpCredential") == true
        let credential = try IdpCredential(request)
        var response = credential.profile.responseFields
        response["oauthAccessToken"] = .string(credential.accessToken ?? "FirebaseAuthEmulatorFakeAccessToken_\(credential.profile.providerId)")
        response["oauthIdToken"] = credential.idToken.map(JSONValue.string)

        let linkingUser = try request.string("idToken").map { token throws(APIError) in
            try state.parseIdToken(token, in: project, nowMillis: nowMillis).user
        }
        let decision: IdpAccountDecision
        do {
            decision = try IdpAccountDecision(credential.profile, linkingUser: linkingUser, in: project,
                                              oneAccountPerEmail: !state.config.allowDuplicateEmails)
        } catch where error.httpStatus == 400 && returnsCredentialOnError {
            response["errorMessage"] = .string(error.message)
            return .json(response)
        }
        return .json(try finish(decision, credential: credential, response: response, in: project, state: state, nowMillis: nowMillis))
    }

    /// Applies `decision` to the project and completes the response.
    private static func finish(_ decision: IdpAccountDecision, credential: IdpCredential, response: JSONObject,
                               in project: ProjectState, state: EmulatorState, nowMillis: Int) throws(APIError) -> JSONObject {
        var response = response
        let profile = credential.profile
        var user: UserRecord
        switch decision {
        case .needConfirmation(let existing):
            response["needConfirmation"] = true
            response["localId"] = .string(existing.localId)
            response["verifiedProvider"] = .array(existing.providerUserInfo.map(\.providerId)
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
                user.phoneNumber = nil
                user.validSince = nowMillis / 1000
                user.providerUserInfo = []
            }
            profile.applyProfile(to: &user)
            user.emailVerified = true
        }
        if case .signUp = decision { response["isNewUser"] = true }
        user.upsertProvider(profile.providerUserInfo)
        project.save(user)
        response["localId"] = .string(user.localId)
        if user.email == profile.email {
            response["emailVerified"] = user.emailVerified.map(JSONValue.bool)
        }
        try ensure(!user.disabled, "USER_DISABLED")
        if let tenantId = project.tenantId { response["tenantId"] = .string(tenantId) }
        state.finishFirstFactor(user, signInProvider: profile.providerId, in: project, nowMillis: nowMillis, into: &response)
        return response
    }
}

/// The credential part of a `signInWithIdp` request: the merged parameters, the provider and the claims.
struct IdpCredential: Sendable {
    /// The profile read from the claims.
    let profile: IdpProfile
    /// The `id_token` parameter, when present and non-empty.
    let idToken: String?
    /// The `access_token` parameter, when present and non-empty.
    let accessToken: String?

    /// Reads and checks the credential: requestUri, providerId, then the claims of id_token or access_token.
    init(_ request: RouteRequest) throws(APIError) {
        let requestUri = try request.requireField("requestUri", else: "MISSING_REQUEST_URI")
        guard let uri = IdpRequestURI(absolute: requestUri, postBody: try request.string("postBody")) else {
            throw .badRequest("INVALID_REQUEST_URI")
        }
        guard let providerId = uri.value("providerId")?.lowercased(), !providerId.isEmpty else {
            throw .badRequest("INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential: \(uri)")
        }
        idToken = uri.value("id_token").flatMap { $0.isEmpty ? nil : $0 }
        accessToken = uri.value("access_token").flatMap { $0.isEmpty ? nil : $0 }
        let claims: JSONObject
        if let fromIdToken = try IdpClaims.parse(idToken) {
            claims = fromIdToken
        } else if let fromAccessToken = try IdpClaims.parse(accessToken) {
            claims = fromAccessToken
        } else if let idToken {
            throw .badRequest("INVALID_IDP_RESPONSE : Unable to parse id_token: \(idToken) ((Auth Emulator only accepts strict JSON or JWTs as fake id_tokens.))")
        } else if accessToken != nil, providerId == "google.com" || providerId == "apple.com" {
            throw .notImplemented("The Auth Emulator only support sign-in with \(providerId) using id_token, not access_token. Please update your code to use id_token.")
        } else if accessToken != nil {
            throw .notImplemented("The Auth Emulator does not support \(providerId) sign-in with credentials.")
        } else {
            throw .notImplemented("The Auth Emulator only supports sign-in with credentials (id_token required).")
        }
        profile = IdpProfile(providerId: providerId, claims: claims)
    }
}

/// Which account a `signInWithIdp` lands on (Firebase's handleLinkIdp / handleIdpSignin* / handleIdpSignUp).
enum IdpAccountDecision {
    /// Link the IdP to the ID token's user.
    case link(UserRecord)
    /// Sign in to the user already linked to (provider, sub).
    case signIn(UserRecord)
    /// Sign in to the user whose email the IdP verified; `emailRecycled` when it had this provider with another sub.
    case mergeByVerifiedEmail(UserRecord, emailRecycled: Bool)
    /// The email belongs to a user and the IdP did not verify it: no tokens, nothing changes.
    case needConfirmation(UserRecord)
    /// Create a user; with one account per email its top-level email is the IdP's.
    case signUp(copiesEmail: Bool)

    /// Decides, throwing FEDERATED_USER_ID_ALREADY_LINKED or EMAIL_EXISTS when linking is impossible.
    init(_ profile: IdpProfile, linkingUser: UserRecord?, in project: ProjectState, oneAccountPerEmail: Bool) throws(APIError) {
        let linked = project.user(providerId: profile.providerId, rawId: profile.rawId)
        if let linkingUser {
            try ensure(linked == nil, "FEDERATED_USER_ID_ALREADY_LINKED")
            if oneAccountPerEmail, let email = profile.email, let owner = project.user(email: email) {
                try ensure(owner.localId == linkingUser.localId, "EMAIL_EXISTS")
            }
            self = .link(linkingUser)
        } else if let linked {
            self = .signIn(linked)
        } else if !oneAccountPerEmail {
            self = .signUp(copiesEmail: false)
        } else if let email = profile.email, let owner = project.user(email: email) {
            if profile.emailVerified {
                let recycled = owner.providerUserInfo.contains { $0.providerId == profile.providerId && $0.rawId != profile.rawId }
                self = .mergeByVerifiedEmail(owner, emailRecycled: recycled)
            } else {
                self = .needConfirmation(owner)
            }
        } else {
            self = .signUp(copiesEmail: true)
        }
    }
}

extension IdpProfile {
    /// The `providerUserInfo` entry for this IdP identity (its federatedId is the raw sub, as in production).
    var providerUserInfo: ProviderUserInfo {
        var info = ProviderUserInfo(providerId: providerId, rawId: rawId, federatedId: rawId)
        info.displayName = displayName
        info.photoUrl = photoUrl
        info.email = email
        info.screenName = screenName
        return info
    }

    /// Overwrites the user's profile with the IdP's values (an absent value clears the field).
    func applyProfile(to user: inout UserRecord) {
        user.displayName = displayName
        user.photoUrl = photoUrl
        user.screenName = screenName
    }
}
