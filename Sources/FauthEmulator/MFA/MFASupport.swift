import FauthJSON

/// The second factors the MFA routes handle.
enum SecondFactorKind: String, Sendable {
    case phone
    case totp

    /// The factor of a stored enrollment.
    init(_ enrollment: MFAEnrollment) {
        self = enrollment.totpSharedSecret == nil ? .phone : .totp
    }
}

extension SecondFactorClaims {
    /// The claims of tokens issued after the second factor `enrollment`.
    init(_ enrollment: MFAEnrollment) {
        self.init(factor: SecondFactorKind(enrollment).rawValue, identifier: enrollment.mfaEnrollmentId)
    }
}

extension EmulatorState {
    /// First factors that cannot carry a second one (Firebase's `MFA_INELIGIBLE_PROVIDER`).
    static let mfaIneligibleProviders: Set<String> = ["anonymous", "phone", "custom", "gc.apple.com"]

    /// The ID token of an MFA enrollment request: MISSING_ID_TOKEN, the ID-token errors, UNSUPPORTED_FIRST_FACTOR.
    func parseEnrollmentIdToken(_ request: RouteRequest, in project: ProjectState, nowMillis: Int) throws(APIError) -> ParsedIDToken {
        let token = try parseIdToken(try request.requireField("idToken", else: "MISSING_ID_TOKEN"), in: project, nowMillis: nowMillis)
        try ensure(!Self.mfaIneligibleProviders.contains(token.signInProvider),
                   "UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.")
        return token
    }

    /// Throws OPERATION_NOT_ALLOWED when `project` is a tenant whose `mfaConfig` does not enable `factor`.
    /// The default project and implicitly created tenants allow both factors.
    func checkFactorEnabled(_ factor: SecondFactorKind, in project: ProjectState) throws(APIError) {
        guard project.tenantId != nil, let config = project.tenantConfig["mfaConfig"]?.object else { return }
        switch factor {
        case .phone:
            let state = config["state"]?.string
            let providers = config["enabledProviders"]?.array ?? []
            try ensure((state == "ENABLED" || state == "MANDATORY") && providers.contains("PHONE_SMS"),
                       "OPERATION_NOT_ALLOWED : SMS based MFA not enabled.")
        case .totp:
            let enabled = (config["providerConfigs"]?.array ?? []).contains {
                $0["state"]?.string == "ENABLED" && $0["totpProviderConfig"] != nil
            }
            try ensure(enabled, "OPERATION_NOT_ALLOWED : TOTP based MFA not enabled.")
        }
    }

    /// The project of an `…:finalize` request and its `totpVerificationInfo`, if any: the project checks, then
    /// OPERATION_NOT_ALLOWED when it verifies an SMS code and the tenant does not enable SMS.
    func mfaFinalizeTarget(_ request: RouteRequest) throws(APIError) -> (ProjectState, totpVerification: JSONObject?) {
        let project = try self.project(for: request)
        try checkProjectEnabled(project)
        let totpVerification = try request.object("totpVerificationInfo")
        if totpVerification == nil { try checkFactorEnabled(.phone, in: project) }
        return (project, totpVerification)
    }

    /// Reads `mfaPendingCredential` for `project` with Firebase's errors, and the user it names.
    func parsePendingCredential(_ encoded: String, in project: ProjectState) throws(APIError) -> (MFAPendingCredential, UserRecord) {
        guard let pending = MFAPendingCredential(decoding: encoded) else {
            throw APIError.badRequest("((Invalid phoneVerificationInfo.mfaPendingCredential.))")
        }
        try ensure(pending.projectId == projectId, "INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")
        if let tenantId = project.tenantId {
            try ensure(pending.tenantId == tenantId, "INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")
        }
        guard let user = project.user(localId: pending.localId) else {
            throw APIError.badRequest("((User in pendingCredentialPayload does not exist.))")
        }
        return (pending, user)
    }

    /// Whether a first-factor sign-in of `user` stops for a second factor (an `mfaPendingCredential` instead of tokens).
    func stopsForSecondFactor(_ user: UserRecord, in project: ProjectState) -> Bool {
        !user.mfaInfo.isEmpty && isMfaEnabled(in: project)
    }

    /// Whether first-factor sign-ins in `project` stop for a second factor: always in the default project and in
    /// implicitly created tenants, else when the tenant's `mfaConfig.state` is ENABLED or MANDATORY.
    func isMfaEnabled(in project: ProjectState) -> Bool {
        guard project.tenantId != nil, let config = project.tenantConfig["mfaConfig"]?.object else { return true }
        let state = config["state"]?.string
        return state == "ENABLED" || state == "MANDATORY"
    }

    /// A new enrollment id, unique among `user`'s enrollments.
    func newEnrollmentId(for user: UserRecord) -> String {
        var id = RandomID.alphanumeric(count: 28)
        while user.mfaInfo.contains(where: { $0.mfaEnrollmentId == id }) { id = RandomID.alphanumeric(count: 28) }
        return id
    }
}

extension ProjectState {
    /// "Sends" a 6-digit SMS code to `phoneNumber`: records it for `GET …/verificationCodes` and returns its sessionInfo.
    func issueVerificationCode(phoneNumber: String) -> String {
        let code = VerificationCode(code: RandomID.digits(count: 6), phoneNumber: phoneNumber,
                                    sessionInfo: RandomID.alphanumeric(count: 64), mfaContext: nil)
        verificationCodes.append(code)
        return code.sessionInfo
    }

    /// Checks and consumes the SMS code of a `phoneVerificationInfo` object (androidVerificationProof unsupported,
    /// MISSING_CODE, MISSING_SESSION_INFO, then `consumeVerificationCode`'s errors); returns the verified phone number.
    func consumePhoneVerification(_ phone: JSONObject) throws(APIError) -> String {
        try rejectUnimplemented(phone["androidVerificationProof"] != nil, "androidVerificationProof is unsupported!")
        let code = try RouteRequest.requireMember("code", of: phone, in: "phoneVerificationInfo", else: "MISSING_CODE")
        let sessionInfo = try RouteRequest.requireMember("sessionInfo", of: phone, in: "phoneVerificationInfo", else: "MISSING_SESSION_INFO")
        return try consumeVerificationCode(sessionInfo: sessionInfo, code: code)
    }

    /// Checks and consumes an SMS code (INVALID_SESSION_INFO, INVALID_CODE); returns the verified phone number.
    func consumeVerificationCode(sessionInfo: String, code: String) throws(APIError) -> String {
        guard let index = verificationCodes.firstIndex(where: { $0.sessionInfo == sessionInfo }) else {
            throw APIError.badRequest("INVALID_SESSION_INFO")
        }
        try ensure(verificationCodes[index].code == code, "INVALID_CODE")
        return verificationCodes.remove(at: index).phoneNumber
    }
}

extension TOTP {
    /// Checks a user-entered code against a base32 shared secret at `nowMillis` (the current step ±1).
    static func verify(_ code: String, sharedSecretKey: String, nowMillis: Int) -> Bool {
        guard let secret = Base32.decode(sharedSecretKey) else { return false }
        return verify(code, secret: secret, at: Int64(nowMillis / 1000))
    }
}

extension RouteRequest {
    /// A string member of a nested request object (`phoneVerificationInfo.code`), or the business error
    /// `missingCode` when it is absent or empty.
    static func requireMember(_ key: String, of object: JSONObject, in parent: String, else missingCode: String) throws(APIError) -> String {
        guard let value = try coerceString(object[key], pointer: "/\(parent)/\(key)"), !value.isEmpty else {
            throw APIError.badRequest(missingCode)
        }
        return value
    }
}
