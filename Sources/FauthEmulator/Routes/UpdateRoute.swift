import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:update`.
    static let update = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:update", access: .apiKey,
        schema: .update, answer: UpdateRoute.answer, handler: UpdateRoute.handle)
}

/// `accounts:update`: profile, email, password, attribute deletion, unlinking, OOB-code actions, admin fields.
enum UpdateRoute {
    /// The answer (`SetAccountInfoResponse`): the profile as it now is, `newEmail` when an email was sent, tokens when
    /// the change revoked the earlier ones.
    static let answer = RouteAnswer.json(
        .object(
            required: ["kind": .string, "localId": .string, "providerUserInfo": .array(.providerUserInfo)],
            optional: AnswerSchema.issuedTokens.merging([
                "email": .string, "emailVerified": .boolean, "displayName": .string, "photoUrl": .string,
                "passwordHash": .string, "newEmail": .string,
            ]) { $1 }))

    /// Handles the route, with Firebase's check order.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        try rejectUnimplemented(request.body["provider"] != nil, "provider is not implemented yet.")
        try rejectUnimplemented(
            request.body["upgradeToFederatedLogin"] != nil, "upgradeToFederatedLogin is not implemented yet.")
        if request.isPrivileged {
            try ensure(request.isTruthy("localId"), "MISSING_LOCAL_ID")
        } else {
            try ensure(
                request.isTruthy("idToken") || request.isTruthy("oobCode"),
                "INVALID_REQ_TYPE : Unsupported request parameters.")
            try ensure(request.body["customAttributes"]?.isNull ?? true, "INSUFFICIENT_PERMISSION")
        }
        if let claims = try request.string("customAttributes"), !claims.isEmpty {
            _ = try CustomClaims.validate(serialized: claims)
        }
        let deleteAttributes = try request.strings("deleteAttribute") ?? []
        for attribute in ["PROVIDER", "RAW_USER_INFO"] where deleteAttributes.contains(attribute) {
            throw APIError.notImplemented("deleteAttribute: \(attribute)")
        }
        let now = Timestamp.nowMillis()
        if let oobCode = try request.string("oobCode"), !oobCode.isEmpty {
            return .json(try applyOobCode(oobCode, project: project))
        }
        var user: UserRecord
        var token: ParsedIDToken?
        if let idToken = try request.string("idToken"), !idToken.isEmpty {
            let parsed = try state.parseIdToken(idToken, in: project, nowMillis: now)
            try ensure(request.body["disableUser"]?.isNull ?? true, "OPERATION_NOT_ALLOWED")
            user = parsed.user
            token = parsed
        } else {
            let localId = try request.requireField("localId", else: "MISSING_LOCAL_ID")
            guard let found = project.user(localId: localId) else { throw APIError.badRequest("USER_NOT_FOUND") }
            user = found
        }
        let changes = try validatedChanges(request, user: user, project: project, state: state)
        if let token, !request.isPrivileged,
            changes.email != nil || changes.password != nil || !changes.deleteProviders.isEmpty
        {
            try state.checkRecentLogin(token, nowMillis: now)
        }
        // A password change signs the new tokens in with `password`; otherwise the ID token's provider, if any.
        let signInProvider = changes.password != nil ? "password" : token?.signInProvider
        let revoked = try apply(
            changes, deleteAttributes: deleteAttributes, request: request, sessionProvider: token?.signInProvider,
            to: &user, nowMillis: now)
        project.save(user)
        if changes.email != nil, signInProvider != "anonymous", let initialEmail = user.initialEmail {
            let oob = project.issueOobCode(requestType: "RECOVER_EMAIL", email: initialEmail, host: state.linkAuthority)
            ConsoleMessages.line(for: oob).map(state.site.console.print)
        }
        var response = responseBody(for: user)
        if let requested = changes.requestedEmail { response["newEmail"] = .string(requested) }
        if revoked, let signInProvider {
            state.issueTokens(for: user, in: project, signInProvider: signInProvider, nowMillis: now).add(to: &response)
        }
        return HTTPResponse.json(response)
    }

    /// The requested changes, validated in Firebase's order before anything is written.
    private struct Changes {
        /// The canonical email of the request (`newEmail` of the response), changed or not.
        var requestedEmail: String?
        /// The new email, when it differs from the user's.
        var email: String?
        var password: String?
        var deleteProviders: [String] = []
        /// The enrollments to store (empty clears them: an `mfa` object without enrollments).
        var enrollments: [MFAEnrollment]?
        var phoneNumber: String?
        var linkedProvider: ProviderUserInfo?
    }

    private static func validatedChanges(
        _ request: RouteRequest, user: UserRecord, project: ProjectState,
        state: EmulatorState
    ) throws(APIError) -> Changes {
        var changes = Changes()
        if let email = try request.string("email"), !email.isEmpty {
            try ensure(state.config.acceptsEmail(email), "INVALID_EMAIL")
            let canonical = email.lowercased()
            if canonical != user.email {
                // As Google's servers (not Firebase's emulator): with email enumeration protection on, a user's own
                // email change must go through a verification (sendOobCode VERIFY_AND_CHANGE_EMAIL).
                try ensure(
                    request.isPrivileged || !state.config.improvedEmailPrivacy,
                    "OPERATION_NOT_ALLOWED : Please verify the new email before changing email.")
                try ensure(project.user(email: canonical) == nil, "EMAIL_EXISTS")
                changes.email = canonical
            }
            changes.requestedEmail = canonical
        }
        if let password = try request.string("password"), !password.isEmpty {
            try state.checkNewPassword(password)
            changes.password = password
        }
        changes.deleteProviders = try request.strings("deleteProvider") ?? []
        if let mfa = try request.object("mfa") {
            // The schema has checked that `enrollments`, when present, is an array.
            changes.enrollments = try MFAEnrollmentList.parse(
                mfa["enrollments"]?.array ?? [], generatingIds: false,
                existing: user.mfaInfo, nowMillis: Timestamp.nowMillis())
        }
        if request.isPrivileged, let phone = try request.string("phoneNumber"), !phone.isEmpty,
            phone != user.phoneNumber
        {
            try ensure(isValidPhoneNumber(phone), "INVALID_PHONE_NUMBER : Invalid format.")
            try ensure(project.user(phoneNumber: phone) == nil, "PHONE_NUMBER_EXISTS")
            changes.phoneNumber = phone
        }
        if let link = try request.object("linkProviderUserInfo") {
            try ensure(link["providerId"].map(JavaScriptTruthiness.isTruthy) ?? false, "MISSING_PROVIDER_ID")
            try ensure(link["rawId"].map(JavaScriptTruthiness.isTruthy) ?? false, "MISSING_RAW_ID")
            changes.linkedProvider = ProviderUserInfo(json: link)
        }
        return changes
    }

    /// Writes the changes; returns whether validSince was set (new tokens are then returned).
    /// `sessionProvider` is the ID token's sign-in provider: an anonymous session's email change keeps no initialEmail.
    private static func apply(
        _ changes: Changes, deleteAttributes: [String], request: RouteRequest, sessionProvider: String?,
        to user: inout UserRecord, nowMillis: Int
    ) throws(APIError) -> Bool {
        var revoked = false
        if let email = changes.email {
            if let oldEmail = user.email, user.initialEmail == nil, sessionProvider != "anonymous" {
                user.initialEmail = oldEmail
            }
            user.email = email
            user.emailVerified = false
            revoked = true
        }
        if let password = changes.password {
            user.setPassword(password, nowMillis: nowMillis)
            revoked = true
        }
        // Any validSince a client sends revokes as of now; an admin's value is then stored as sent.
        if request.isTruthy("validSince") { revoked = true }
        if revoked { user.validSince = nowMillis / 1000 }
        // No enrollments in `mfa` drops the key, as Firebase's emulator sets mfaInfo to undefined.
        if let enrollments = changes.enrollments { user.mfaEnrollments = enrollments.isEmpty ? nil : enrollments }
        if let displayName = try request.string("displayName") { user.displayName = displayName }
        if let photoUrl = try request.string("photoUrl") { user.photoUrl = photoUrl }
        if request.isPrivileged { try applyAdminFields(request, changes: changes, to: &user) }
        for attribute in deleteAttributes {
            switch attribute {
            case "DISPLAY_NAME": user.displayName = nil
            case "PHOTO_URL": user.photoUrl = nil
            case "PASSWORD": user.clearPassword()
            case "EMAIL":
                user.email = nil
                user.emailVerified = nil
                user.emailLinkSignin = nil
            default: break
            }
        }
        for providerId in changes.deleteProviders { unlink(providerId, from: &user) }
        if let deleted = try request.strings("deletePasskey"), let passkeys = user.passkeys {
            user.passkeys = passkeys.filter { !deleted.contains($0.credentialId) }
        }
        if let info = changes.linkedProvider { user.upsertProvider(info) }
        user.syncPasswordProvider()
        user.syncPhoneProvider()
        return revoked
    }

    /// Unlinking, with Firebase's quirks: `password` clears the email and hash, `phone` the number, unknown ids nothing.
    private static func unlink(_ providerId: String, from user: inout UserRecord) {
        switch providerId {
        case "password":
            user.email = nil
            user.emailVerified = nil
            user.emailLinkSignin = nil
            user.clearPassword()
        case "phone":
            user.phoneNumber = nil
        default:
            user.providerUserInfo.removeAll { $0.providerId == providerId }
        }
    }

    private static func applyAdminFields(_ request: RouteRequest, changes: Changes, to user: inout UserRecord)
        throws(APIError)
    {
        if let disabled = try request.bool("disableUser") { user.disabledFlag = disabled }
        if let phone = changes.phoneNumber { user.phoneNumber = phone }
        if let verified = try request.bool("emailVerified") { user.emailVerified = verified }
        if let claims = try request.string("customAttributes") { user.customAttributes = claims.isEmpty ? nil : claims }
        if let createdAt = try request.int("createdAt") { user.createdAt = createdAt }
        if let lastLoginAt = try request.int("lastLoginAt") { user.lastLoginAt = lastLoginAt }
        if let validSince = try request.int("validSince") { user.validSince = validSince }
    }

    /// The oobCode forms: VERIFY_EMAIL, VERIFY_AND_CHANGE_EMAIL, RECOVER_EMAIL (each consumes the code before its
    /// checks); other types are 501 named after the type, and the code is kept. Returns the reply body (also used
    /// by the `/emulator/action` links).
    static func applyOobCode(_ code: String, project: ProjectState) throws(APIError) -> JSONObject {
        guard let oob = project.oobCode(code) else { throw APIError.badRequest("INVALID_OOB_CODE") }
        var user: UserRecord
        var newEmail: String?
        switch oob.requestType {
        case "VERIFY_EMAIL":
            _ = project.consumeOobCode(code)
            guard let found = project.user(email: oob.email) else { throw APIError.badRequest("INVALID_OOB_CODE") }
            user = found
            user.emailVerified = true
        case "VERIFY_AND_CHANGE_EMAIL":
            _ = project.consumeOobCode(code)
            guard let found = project.user(email: oob.email), let changed = oob.newEmail else {
                throw APIError.badRequest("INVALID_OOB_CODE")
            }
            try ensure(project.user(email: changed) == nil, "EMAIL_EXISTS")
            user = found
            user.email = changed
            user.emailVerified = true
            newEmail = changed
        case "RECOVER_EMAIL":
            _ = project.consumeOobCode(code)
            guard let found = project.lastUser(initialEmail: oob.email) else {
                throw APIError.badRequest("INVALID_OOB_CODE")
            }
            try ensure(project.user(email: oob.email) == nil, "EMAIL_EXISTS")
            user = found
            user.email = oob.email
            user.emailVerified = true
        default:
            throw APIError.notImplemented(oob.requestType)
        }
        user.syncPasswordProvider()
        project.save(user)
        var response = responseBody(for: user)
        if let newEmail { response["newEmail"] = .string(newEmail) }
        return response
    }

    /// The `SetAccountInfoResponse` fields for `user`.
    private static func responseBody(for user: UserRecord) -> JSONObject {
        var response: JSONObject = ["kind": "identitytoolkit#SetAccountInfoResponse", "localId": .string(user.localId)]
        if let email = user.email { response["email"] = .string(email) }
        if let verified = user.emailVerified { response["emailVerified"] = .bool(verified) }
        if let name = user.displayName { response["displayName"] = .string(name) }
        if let photo = user.photoUrl { response["photoUrl"] = .string(photo) }
        response["providerUserInfo"] = .array(user.providerUserInfo.map { .object($0.json) })
        if let hash = user.passwordHash { response["passwordHash"] = .string(hash) }
        return response
    }
}
