import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:update`.
    static let update = Route("POST", "/identitytoolkit.googleapis.com/v1/accounts:update", access: .apiKey,
                              handler: UpdateRoute.handle)
}

/// `accounts:update`: profile, email, password, attribute deletion, unlinking, OOB-code actions, admin fields.
enum UpdateRoute {
    /// Handles the route, with Firebase's check order.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        try rejectUnimplemented(request.body["provider"] != nil, "provider is not implemented yet.")
        try rejectUnimplemented(request.body["upgradeToFederatedLogin"] != nil, "upgradeToFederatedLogin is not implemented yet.")
        let idToken = try request.string("idToken").flatMap { $0.isEmpty ? nil : $0 }
        let oobCode = try request.string("oobCode").flatMap { $0.isEmpty ? nil : $0 }
        if request.isPrivileged {
            if idToken == nil { _ = try request.requireField("localId", else: "MISSING_LOCAL_ID") }
        } else {
            try ensure(idToken != nil || oobCode != nil, "INVALID_REQ_TYPE : Unsupported request parameters.")
            try ensure(request.body["customAttributes"] == nil, "INSUFFICIENT_PERMISSION")
        }
        if let claims = try request.string("customAttributes"), !claims.isEmpty { _ = try CustomClaims.validate(serialized: claims) }
        let deleteAttributes = try request.strings("deleteAttribute") ?? []
        for attribute in ["PROVIDER", "RAW_USER_INFO"] where deleteAttributes.contains(attribute) {
            throw APIError.notImplemented("deleteAttribute: \(attribute)")
        }
        let now = Timestamp.nowMillis()
        if let oobCode, idToken == nil, !request.isPrivileged {
            return try applyOobCode(oobCode, project: project, state: state)
        }
        var user: UserRecord
        var token: ParsedIDToken?
        if let idToken {
            let parsed = try state.parseIdToken(idToken, in: project, nowMillis: now)
            if !request.isPrivileged { try ensure(request.body["disableUser"] == nil, "OPERATION_NOT_ALLOWED") }
            user = parsed.user
            token = parsed
        } else {
            let localId = try request.requireField("localId", else: "MISSING_LOCAL_ID")
            guard let found = project.user(localId: localId) else { throw APIError.badRequest("USER_NOT_FOUND") }
            user = found
        }
        let changes = try validatedChanges(request, user: user, project: project, state: state)
        if let token, !request.isPrivileged,
           changes.email != nil || changes.password != nil || !changes.deleteProviders.isEmpty {
            try state.checkRecentLogin(token, nowMillis: now)
        }
        let revoked = try apply(changes, request: request, to: &user, project: project, nowMillis: now)
        project.save(user)
        var response = responseBody(for: user)
        if let token, revoked {
            state.issueTokens(for: user, signInProvider: token.signInProvider, secondFactor: token.secondFactor, nowMillis: now)
                .add(to: &response)
        }
        return HTTPResponse.json(response)
    }

    /// The requested changes, validated in Firebase's order before anything is written.
    private struct Changes {
        var email: String?
        var password: String?
        var deleteProviders: [String] = []
        var enrollments: [MFAEnrollment]?
        var linkedProvider: ProviderUserInfo?
    }

    private static func validatedChanges(_ request: RouteRequest, user: UserRecord, project: ProjectState,
                                         state: EmulatorState) throws(APIError) -> Changes {
        var changes = Changes()
        if let email = try request.string("email") {
            try ensure(isValidEmail(email), "INVALID_EMAIL")
            let canonical = email.lowercased()
            if !state.config.allowDuplicateEmails {
                try ensure(project.users(email: canonical).allSatisfy { $0.localId == user.localId }, "EMAIL_EXISTS")
            }
            changes.email = canonical
        }
        if let password = try request.string("password") {
            try state.checkNewPassword(password)
            changes.password = password
        }
        changes.deleteProviders = try request.strings("deleteProvider") ?? []
        if let mfa = try request.object("mfa") {
            changes.enrollments = try enrollments(mfa["enrollments"], user: user)
        }
        if request.isPrivileged, let phone = try request.string("phoneNumber"), !phone.isEmpty {
            try ensure(isValidPhoneNumber(phone), "INVALID_PHONE_NUMBER : Invalid format.")
            try ensure(project.user(phoneNumber: phone).map { $0.localId == user.localId } ?? true, "PHONE_NUMBER_EXISTS")
        }
        if let link = try request.object("linkProviderUserInfo") {
            guard let providerId = link["providerId"]?.string, !providerId.isEmpty else {
                throw APIError.badRequest("MISSING_PROVIDER_ID")
            }
            guard let rawId = link["rawId"]?.string, !rawId.isEmpty else { throw APIError.badRequest("MISSING_RAW_ID") }
            var info = ProviderUserInfo(json: link) ?? ProviderUserInfo(providerId: providerId, rawId: rawId)
            info.federatedId = info.federatedId ?? rawId
            changes.linkedProvider = info
        }
        return changes
    }

    /// `mfa.enrollments`: phone numbers checked, ids required and unique.
    private static func enrollments(_ value: JSONValue?, user: UserRecord) throws(APIError) -> [MFAEnrollment] {
        guard let value, !value.isNull else { return [] }
        guard let entries = value.array else { throw APIError.wrongType("/mfa/enrollments", expected: "array") }
        var result: [MFAEnrollment] = []
        for entry in entries {
            let phone = entry["phoneInfo"]?.string
            try ensure(phone.map(isValidPhoneNumber) ?? false, "INVALID_MFA_PHONE_NUMBER : Invalid format.")
            guard let id = entry["mfaEnrollmentId"]?.string, !id.isEmpty else {
                throw APIError.badRequest("INVALID_MFA_ENROLLMENT_ID : mfaEnrollmentId must be defined.")
            }
            try ensure(!result.contains { $0.mfaEnrollmentId == id }, "DUPLICATE_MFA_ENROLLMENT_ID")
            let enrolledAt = entry["enrolledAt"]?.string
                ?? user.mfaInfo.first { $0.mfaEnrollmentId == id }?.enrolledAt ?? Timestamp.iso8601(millis: Timestamp.nowMillis())
            result.append(MFAEnrollment(mfaEnrollmentId: id, displayName: entry["displayName"]?.string, phoneInfo: phone,
                                        totpSharedSecret: nil, enrolledAt: enrolledAt))
        }
        return result
    }

    /// Writes the changes; returns whether validSince was set (new tokens are then returned).
    private static func apply(_ changes: Changes, request: RouteRequest, to user: inout UserRecord, project: ProjectState,
                              nowMillis: Int) throws(APIError) -> Bool {
        var revoked = false
        if let email = changes.email, email != user.email {
            if let oldEmail = user.email, !user.isAnonymous {
                if user.initialEmail == nil { user.initialEmail = oldEmail }
                project.issueOobCode(requestType: "RECOVER_EMAIL", email: oldEmail, newEmail: email, host: request.hostAndPort)
            }
            user.email = email
            user.emailVerified = false
            user.validSince = nowMillis / 1000
            revoked = true
        }
        if let password = changes.password {
            user.setPassword(password, nowMillis: nowMillis)
            revoked = true
        }
        if let displayName = try request.string("displayName") { user.displayName = displayName }
        if let photoUrl = try request.string("photoUrl") { user.photoUrl = photoUrl }
        for attribute in try request.strings("deleteAttribute") ?? [] {
            switch attribute {
            case "DISPLAY_NAME": user.displayName = nil
            case "PHOTO_URL": user.photoUrl = nil
            case "PASSWORD": user.passwordHash = nil; user.salt = nil
            case "EMAIL": user.email = nil; user.emailVerified = nil
            default: break
            }
        }
        for providerId in changes.deleteProviders { unlink(providerId, from: &user) }
        if let enrollments = changes.enrollments { user.mfaInfo = enrollments }
        if let info = changes.linkedProvider { user.upsertProvider(info) }
        if let validSince = try request.int("validSince") {
            user.validSince = validSince
            revoked = true
        }
        if request.isPrivileged { try applyAdminFields(request, to: &user) }
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
            user.passwordHash = nil
            user.salt = nil
        case "phone":
            user.phoneNumber = nil
        default:
            user.providerUserInfo.removeAll { $0.providerId == providerId }
        }
    }

    private static func applyAdminFields(_ request: RouteRequest, to user: inout UserRecord) throws(APIError) {
        if let disabled = try request.bool("disableUser") { user.disabled = disabled }
        if let verified = try request.bool("emailVerified") { user.emailVerified = verified }
        if let phone = try request.string("phoneNumber") { user.phoneNumber = phone.isEmpty ? nil : phone }
        if let claims = try request.string("customAttributes") { user.customAttributes = claims.isEmpty ? nil : claims }
        if let createdAt = try request.int("createdAt") { user.createdAt = createdAt }
        if let lastLoginAt = try request.int("lastLoginAt") { user.lastLoginAt = lastLoginAt }
    }

    /// The oobCode forms: VERIFY_EMAIL, VERIFY_AND_CHANGE_EMAIL, RECOVER_EMAIL; other types are 501.
    private static func applyOobCode(_ code: String, project: ProjectState, state: EmulatorState) throws(APIError) -> HTTPResponse {
        guard let oob = project.oobCode(code) else { throw APIError.badRequest("INVALID_OOB_CODE") }
        let holder = oob.requestType == "RECOVER_EMAIL" ? oob.newEmail ?? oob.email : oob.email
        guard var user = project.user(email: holder) else { throw APIError.badRequest("INVALID_OOB_CODE") }
        switch oob.requestType {
        case "VERIFY_EMAIL":
            user.emailVerified = true
        case "VERIFY_AND_CHANGE_EMAIL":
            guard let newEmail = oob.newEmail else { throw APIError.badRequest("INVALID_OOB_CODE") }
            if !state.config.allowDuplicateEmails {
                try ensure(project.users(email: newEmail).allSatisfy { $0.localId == user.localId }, "EMAIL_EXISTS")
            }
            user.email = newEmail
            user.emailVerified = true
        case "RECOVER_EMAIL":
            user.email = user.initialEmail ?? oob.email
            user.emailVerified = true
        default:
            throw APIError.notImplemented("\(oob.requestType) is not implemented yet.")
        }
        _ = project.consumeOobCode(code)
        user.syncPasswordProvider()
        project.save(user)
        var response = responseBody(for: user)
        if let newEmail = oob.newEmail, oob.requestType == "VERIFY_AND_CHANGE_EMAIL" { response["newEmail"] = .string(newEmail) }
        return HTTPResponse.json(response)
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
