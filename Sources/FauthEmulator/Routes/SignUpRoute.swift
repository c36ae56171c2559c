import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:signUp`.
    static let signUp = Route("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp", access: .apiKey,
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
            try ensure(idToken == nil || localId == nil, "UNEXPECTED_PARAMETER : User ID")
            if let localId { try ensure(project.user(localId: localId) == nil, "DUPLICATE_LOCAL_ID") }
            if let phone = try request.string("phoneNumber") {
                try ensure(isValidPhoneNumber(phone), "INVALID_PHONE_NUMBER : Invalid format.")
                try ensure(project.user(phoneNumber: phone) == nil, "PHONE_NUMBER_EXISTS")
            }
        } else {
            try ensure(localId == nil, "UNEXPECTED_PARAMETER : User ID")
            let settings = state.signInSettings(for: project)
            if isTruthy(idToken) || isTruthy(password) || isTruthy(email) {
                try ensure(email != nil, "MISSING_EMAIL")
                try ensure(password != nil, "MISSING_PASSWORD")
                try ensure(settings.allowPasswordSignup, "OPERATION_NOT_ALLOWED")
                signInProvider = "password"
            } else {
                try ensure(settings.enableAnonymousUser, "ADMIN_ONLY_OPERATION")
                signInProvider = "anonymous"
            }
        }
        let canonicalEmail = try email.map { raw throws(APIError) in
            try ensure(isValidEmail(raw), "INVALID_EMAIL")
            return raw.lowercased()
        }
        if let canonicalEmail, !state.config.allowDuplicateEmails, let owner = project.user(email: canonicalEmail) {
            // Production lets a user link a password for the email it already has (e.g. from its Facebook
            // account); Firebase's emulator refuses that with EMAIL_EXISTS. fauth-emulator follows production.
            let linkingUser = idToken.flatMap { IDToken.decodePayload($0)?["user_id"]?.string }
            try ensure(linkingUser == owner.localId, "EMAIL_EXISTS")
        }
        if let password { try state.checkNewPassword(password) }
        let enrollments = try parseEnrollments(request, nowMillis: now)
        var user: UserRecord
        if let idToken, isTruthy(idToken) {
            let token = try state.parseIdToken(idToken, in: project, nowMillis: now)
            if password != nil { try state.checkRecentLogin(token, nowMillis: now) }
            user = token.user
        } else {
            user = project.newUser(localId: localId, nowMillis: now)
        }
        if signInProvider != "anonymous" {
            if let displayName = try request.string("displayName") { user.displayName = displayName }
        }
        if let canonicalEmail {
            user.email = canonicalEmail
            user.emailVerified = user.emailVerified ?? false
        }
        if let password { user.setPassword(password, nowMillis: now) }
        if request.isPrivileged { try applyAdminFields(request, to: &user) }
        if !enrollments.isEmpty { user.mfaInfo = enrollments }
        user.syncPasswordProvider()
        user.syncPhoneProvider()
        project.save(user)
        var response: JSONObject = ["kind": "identitytoolkit#SignupNewUserResponse", "localId": .string(user.localId)]
        if let name = user.displayName { response["displayName"] = .string(name) }
        if let email = user.email { response["email"] = .string(email) }
        if let signInProvider {
            state.signIn(user, signInProvider: signInProvider, in: project, nowMillis: now).add(to: &response)
        }
        return HTTPResponse.json(response)
    }

    /// JavaScript truthiness of an optional string field: present and not empty.
    private static func isTruthy(_ value: String?) -> Bool { !(value ?? "").isEmpty }

    /// The fields only a privileged signUp reads.
    private static func applyAdminFields(_ request: RouteRequest, to user: inout UserRecord) throws(APIError) {
        if let photoUrl = try request.string("photoUrl") { user.photoUrl = photoUrl }
        if let verified = try request.bool("emailVerified") { user.emailVerified = verified }
        if let phone = try request.string("phoneNumber") { user.phoneNumber = phone }
        if let disabled = try request.bool("disabled") { user.disabled = disabled }
    }

    /// `mfaInfo[]` of a signUp, with `INVALID_MFA_PHONE_NUMBER` for a bad number.
    private static func parseEnrollments(_ request: RouteRequest, nowMillis: Int) throws(APIError) -> [MFAEnrollment] {
        guard let entries = request.body["mfaInfo"] else { return [] }
        guard let array = entries.array else { throw APIError.wrongType("/mfaInfo", expected: "array") }
        var enrollments: [MFAEnrollment] = []
        for entry in array {
            let phone = entry["phoneInfo"]?.string
            try ensure(phone.map(isValidPhoneNumber) ?? false, "INVALID_MFA_PHONE_NUMBER : Invalid format.")
            enrollments.append(MFAEnrollment(mfaEnrollmentId: entry["mfaEnrollmentId"]?.string ?? RandomID.alphanumeric(count: 28),
                                             displayName: entry["displayName"]?.string, phoneInfo: phone,
                                             totpSharedSecret: nil, enrolledAt: Timestamp.iso8601(millis: nowMillis)))
        }
        return enrollments
    }
}
