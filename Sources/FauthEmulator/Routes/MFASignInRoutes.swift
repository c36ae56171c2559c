import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start`.
    static let mfaSignInStart = Route(
        "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start",
        access: .apiKey, schema: .startMfaSignIn,
        answer: .json(.object(required: ["phoneResponseInfo": .object(required: ["sessionInfo": .string])])),
        handler: MFASignInRoutes.start)
    /// `POST /identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize`.
    static let mfaSignInFinalize = Route(
        "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize",
        access: .apiKey, schema: .finalizeMfaSignIn,
        answer: .json(.object(required: ["idToken": .string, "refreshToken": .string])),
        handler: MFASignInRoutes.finalize)
}

/// The second step of an MFA sign-in, after a first factor answered with `mfaPendingCredential`.
enum MFASignInRoutes {
    /// `mfaSignIn:start`: sends an SMS code to the phone of `mfaEnrollmentId` (TOTP needs no start).
    static func start(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        try state.checkFactorEnabled(.phone, in: project)
        let encoded = try request.requireField(
            "mfaPendingCredential",
            else: "MISSING_MFA_PENDING_CREDENTIAL : Request does not have MFA pending credential.")
        let enrollmentId = try request.requireField(
            "mfaEnrollmentId", else: "MISSING_MFA_ENROLLMENT_ID : No second factor identifier is provided.")
        let (_, user) = try state.parsePendingCredential(encoded, in: project)
        guard let enrollment = user.mfaInfo.first(where: { $0.mfaEnrollmentId == enrollmentId }) else {
            throw APIError.badRequest("MFA_ENROLLMENT_NOT_FOUND")
        }
        guard let phoneNumber = enrollment.phoneInfo else {
            throw APIError.badRequest("INVALID_ARGUMENT : MFA provider not supported!")
        }
        let sessionInfo = project.issueVerificationCode(
            phoneNumber: phoneNumber, for: .mfaSignIn, console: state.site.console)
        return .json(["phoneResponseInfo": ["sessionInfo": .string(sessionInfo)]])
    }

    /// `mfaSignIn:finalize`: checks the SMS code (`phoneVerificationInfo`) or the TOTP code (`totpVerificationInfo`
    /// with `mfaEnrollmentId`) and completes the sign-in with tokens that carry the second factor.
    static func finalize(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let nowMillis = Timestamp.nowMillis()
        let (project, totpVerification) = try state.mfaFinalizeTarget(request)
        let encoded = try request.requireField(
            "mfaPendingCredential", else: "MISSING_CREDENTIAL : Please set MFA Pending Credential.")
        let pending: MFAPendingCredential
        let user: UserRecord
        let enrollment: MFAEnrollment
        if let totp = totpVerification {
            let enrollmentId = try request.requireField(
                "mfaEnrollmentId", else: "MISSING_MFA_ENROLLMENT_ID : No second factor identifier is provided.")
            let code = try RouteRequest.requireMember(
                "verificationCode", of: totp, in: "totpVerificationInfo", else: "MISSING_CODE")
            (pending, user) = try state.parsePendingCredential(encoded, in: project)
            guard let found = user.mfaInfo.first(where: { $0.mfaEnrollmentId == enrollmentId }),
                let secret = found.totpSharedSecret
            else {
                throw APIError.badRequest("MFA_ENROLLMENT_NOT_FOUND")
            }
            try ensure(TOTP.verify(code, sharedSecretKey: secret, nowMillis: nowMillis), "INVALID_CODE")
            enrollment = found
        } else {
            guard let phone = try request.object("phoneVerificationInfo") else {
                throw APIError.badRequest("INVALID_ARGUMENT : MFA provider not supported!")
            }
            let phoneNumber = try project.consumePhoneVerification(phone)
            (pending, user) = try state.parsePendingCredential(encoded, in: project)
            guard let found = user.mfaInfo.first(where: { $0.phoneInfo == phoneNumber }) else {
                throw APIError.badRequest("MFA_ENROLLMENT_NOT_FOUND")
            }
            enrollment = found
        }
        try ensure(!user.disabled, "USER_DISABLED")
        let secondFactor = SecondFactorClaims(enrollment)
        // beforeSignIn, held back at the first factor, is called now (Firebase's emulator names the factor in the event).
        let event = SignInEvent(method: pending.signInProvider, secondFactor: secondFactor.factor)
        let (signingIn, sessionClaims) = try BlockingFunctions.signIn(
            user, isNewUser: false, event: event, in: project, state: state,
            secondFactorWaits: false, nowMillis: nowMillis)
        try ensure(!signingIn.disabled, "USER_DISABLED")
        let tokens = state.signIn(
            signingIn, signInProvider: pending.signInProvider, in: project, extraClaims: sessionClaims ?? [:],
            secondFactor: secondFactor, nowMillis: nowMillis)
        return .json(["idToken": .string(tokens.idToken), "refreshToken": .string(tokens.refreshToken)])
    }
}
