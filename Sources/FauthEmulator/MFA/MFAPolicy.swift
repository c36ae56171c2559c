import FauthJSON

extension EmulatorState {
    /// First factors that cannot carry a second one (Firebase's `MFA_INELIGIBLE_PROVIDER`).
    static let mfaIneligibleProviders: Set<String> = ["anonymous", "phone", "custom", "gc.apple.com"]

    /// The ID token of an MFA enrollment request: MISSING_ID_TOKEN, the ID-token errors, UNSUPPORTED_FIRST_FACTOR.
    func parseEnrollmentIdToken(_ request: RouteRequest, in project: ProjectState, nowMillis: Int) throws(APIError)
        -> ParsedIDToken
    {
        let token = try parseIdToken(
            try request.requireField("idToken", else: "MISSING_ID_TOKEN"), in: project, nowMillis: nowMillis)
        try ensure(
            !Self.mfaIneligibleProviders.contains(token.signInProvider),
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
            try ensure(
                (state == "ENABLED" || state == "MANDATORY") && providers.contains("PHONE_SMS"),
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
    func parsePendingCredential(_ encoded: String, in project: ProjectState) throws(APIError) -> (
        MFAPendingCredential, UserRecord
    ) {
        guard let pending = MFAPendingCredential(decoding: encoded) else {
            throw APIError.badRequest("((Invalid phoneVerificationInfo.mfaPendingCredential.))")
        }
        try ensure(
            pending.projectId == projectId, "INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")
        if let tenantId = project.tenantId {
            try ensure(
                pending.tenantId == tenantId, "INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")
        }
        guard let user = project.user(localId: pending.localId) else {
            throw APIError.badRequest("((User in pendingCredentialPayload does not exist.))")
        }
        return (pending, user)
    }

    /// A new enrollment id, unique among `user`'s enrollments.
    func newEnrollmentId(for user: UserRecord) -> String {
        var id = RandomID.alphanumeric(count: 28)
        while user.mfaInfo.contains(where: { $0.mfaEnrollmentId == id }) { id = RandomID.alphanumeric(count: 28) }
        return id
    }
}

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
