import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:signUp`.
    static let signUp = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp", access: .apiKey,
        schema: .signUp,
        answer: .json(
            .object(
                required: ["kind": .string, "localId": .string],
                optional: AnswerSchema.issuedTokens.merging(["displayName": .string, "email": .string]) { $1 })),
        handler: SignUpRoute.handle)
}

/// `accounts:signUp`: anonymous users, email+password users (or linking them to an ID token's user), admin creation.
enum SignUpRoute {
    /// Handles the route, with Firebase's check order.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let now = Timestamp.nowMillis()
        let email = try request.string("email")
        let password = try request.string("password")
        let idToken = try request.string("idToken")
        let localId = try request.string("localId")
        var signInProvider: String?
        if request.isPrivileged {
            try ensure(!request.isTruthy("idToken") || !request.isTruthy("localId"), "UNEXPECTED_PARAMETER : User ID")
            if let localId, !localId.isEmpty { try ensure(!project.hasUser(localId: localId), "DUPLICATE_LOCAL_ID") }
            if let phone = try request.string("phoneNumber"), !phone.isEmpty {
                try ensure(isValidPhoneNumber(phone), "INVALID_PHONE_NUMBER : Invalid format.")
                try ensure(project.user(phoneNumber: phone) == nil, "PHONE_NUMBER_EXISTS")
            }
        } else {
            try ensure(!request.isTruthy("localId"), "UNEXPECTED_PARAMETER : User ID")
            let settings = state.signInSettings(for: project)
            if request.isTruthy("idToken") || request.isTruthy("password") || request.isTruthy("email") {
                try ensure(request.isTruthy("email"), "MISSING_EMAIL")
                try ensure(request.isTruthy("password"), "MISSING_PASSWORD")
                try ensure(settings.allowPasswordSignup, "OPERATION_NOT_ALLOWED")
                signInProvider = "password"
            } else {
                try ensure(settings.enableAnonymousUser, "ADMIN_ONLY_OPERATION")
                signInProvider = "anonymous"
            }
        }
        // An empty email is checked (INVALID_EMAIL) only when the request signs in; a privileged one ignores it.
        let checksEmail = request.isTruthy("email") || (email == "" && signInProvider != nil)
        let canonicalEmail = try email.flatMap { raw throws(APIError) -> String? in
            guard checksEmail else { return nil }
            try ensure(state.config.acceptsEmail(raw), "INVALID_EMAIL")
            return raw.lowercased()
        }
        if let canonicalEmail, let owner = project.user(email: canonicalEmail) {
            // Production lets a user link a password for the email it already has (e.g. from its Facebook
            // account); Firebase's emulator refuses that with EMAIL_EXISTS. fauth-emulator follows production.
            let linkingUser = idToken.flatMap { IDToken.decodePayload($0)?["user_id"]?.string }
            try ensure(linkingUser == owner.localId, "EMAIL_EXISTS")
        }
        let newPassword = password.flatMap { $0.isEmpty ? nil : $0 }
        if let newPassword { try state.checkNewPassword(newPassword) }
        let enrollments = try parseEnrollments(request, nowMillis: now)
        var user: UserRecord
        var isNewUser = false
        if let idToken, !idToken.isEmpty {
            let token = try state.parseIdToken(idToken, in: project, nowMillis: now)
            if newPassword != nil { try state.checkRecentLogin(token, nowMillis: now) }
            user = token.user
        } else {
            user = project.newUser(localId: localId.flatMap { $0.isEmpty ? nil : $0 }, nowMillis: now)
            isNewUser = true
        }
        user.lastLoginAt = now
        if request.isPrivileged {
            try applyAdminFields(request, to: &user)
        } else if signInProvider == "password" {
            user.displayName = try request.string("displayName")
            // The deviation above keeps the flag of an email the user already has; a new email is unverified.
            if canonicalEmail != user.email { user.emailVerified = false }
        }
        if let canonicalEmail { user.email = canonicalEmail }
        if let newPassword { user.setPassword(newPassword, nowMillis: now) }
        if let enrollments { user.mfaInfo = enrollments }
        user.syncPasswordProvider()
        user.syncPhoneProvider()
        // A new email user of a client request meets the blocking functions: beforeCreate, then beforeSignIn unless
        // the first disabled it; Firebase's emulator calls neither for admins, anonymous users or links.
        let callsBlockingFunctions = isNewUser && !request.isPrivileged && request.isTruthy("email")
        var sessionClaims: JSONObject?
        if callsBlockingFunctions {
            // Firebase's signUp calls beforeSignIn even for a user created with second factors.
            (user, sessionClaims) = try BlockingFunctions.signIn(
                user, isNewUser: true, event: SignInEvent(method: "password"), in: project,
                state: state, secondFactorWaits: false, nowMillis: now)
            try ensure(!user.disabled, "USER_DISABLED")
        } else {
            project.save(user)
        }
        var response: JSONObject = ["kind": "identitytoolkit#SignupNewUserResponse", "localId": .string(user.localId)]
        if let name = user.displayName { response["displayName"] = .string(name) }
        if let email = user.email { response["email"] = .string(email) }
        if let signInProvider {
            state.signIn(
                user, signInProvider: signInProvider, in: project, extraClaims: sessionClaims ?? [:], nowMillis: now
            )
            .add(to: &response)
        }
        return HTTPResponse.json(response)
    }

    /// The fields a privileged signUp writes: the profile as sent (absent clears it, as Firebase writes undefined),
    /// emailVerified (false unless sent), and the phone number and disabled flag when set.
    private static func applyAdminFields(_ request: RouteRequest, to user: inout UserRecord) throws(APIError) {
        user.displayName = try request.string("displayName")
        user.photoUrl = try request.string("photoUrl")
        user.emailVerified = try request.bool("emailVerified") ?? false
        if let phone = try request.string("phoneNumber"), !phone.isEmpty { user.phoneNumber = phone }
        if try request.bool("disabled") == true { user.disabledFlag = true }
    }

    /// `mfaInfo[]` of a signUp: fresh enrollment ids, one factor per phone number, INVALID_MFA_PHONE_NUMBER for a bad one.
    private static func parseEnrollments(_ request: RouteRequest, nowMillis: Int) throws(APIError) -> [MFAEnrollment]? {
        guard let array = try request.array("mfaInfo") else { return nil }
        return try MFAEnrollmentList.parse(array, generatingIds: true, existing: [], nowMillis: nowMillis)
    }
}
