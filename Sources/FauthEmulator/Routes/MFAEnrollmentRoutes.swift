import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start`.
    static let mfaEnrollmentStart = Route(
        "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start",
        access: .apiKey, schema: .startMfaEnrollment,
        answer: .json(
            .object(
                required: [:],
                optional: [
                    "phoneSessionInfo": .object(required: ["sessionInfo": .string]),
                    "totpSessionInfo": .object(required: [
                        "sharedSecretKey": .string, "verificationCodeLength": .integer, "hashingAlgorithm": .string,
                        "periodSec": .integer, "sessionInfo": .string, "finalizeEnrollmentTime": .string,
                    ]),
                ])),
        handler: MFAEnrollmentRoutes.start)
    /// `POST /identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:finalize`.
    static let mfaEnrollmentFinalize = Route(
        "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:finalize",
        access: .apiKey, schema: .finalizeMfaEnrollment,
        answer: .json(.object(required: ["idToken": .string, "refreshToken": .string])),
        handler: MFAEnrollmentRoutes.finalize)
    /// `POST /identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:withdraw`.
    static let mfaEnrollmentWithdraw = Route(
        "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:withdraw",
        access: .apiKey, schema: .withdrawMfa, answer: .json(.object(required: AnswerSchema.issuedTokens)),
        handler: MFAEnrollmentRoutes.withdraw)
}

/// Enrolling and withdrawing second factors: SMS as Firebase's emulator does it, TOTP as Google's servers offer it.
enum MFAEnrollmentRoutes {
    private static let phoneAlreadyEnrolled =
        "SECOND_FACTOR_EXISTS : Phone number already enrolled as second factor for this account."

    /// `mfaEnrollment:start`: an SMS code for `phoneEnrollmentInfo`, or a TOTP secret for `totpEnrollmentInfo`.
    static func start(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let nowMillis = Timestamp.nowMillis()
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let enrollsTOTP = try request.object("totpEnrollmentInfo") != nil
        if !enrollsTOTP { try state.checkFactorEnabled(.phone, in: project) }
        let token = try state.parseEnrollmentIdToken(request, in: project, nowMillis: nowMillis)
        try ensure(
            token.user.emailVerified == true,
            "UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.")
        if enrollsTOTP {
            try state.checkFactorEnabled(.totp, in: project)
            let session = TOTPEnrollmentSession(localId: token.user.localId, nowMillis: nowMillis)
            let info: JSONObject = [
                "sharedSecretKey": .string(session.sharedSecretKey),
                "verificationCodeLength": .number(Double(TOTP.defaultDigits)),
                "hashingAlgorithm": "SHA1",
                "periodSec": .number(Double(TOTP.defaultPeriod)),
                "sessionInfo": .string(session.encoded),
                "finalizeEnrollmentTime": .string(Timestamp.iso8601(millis: session.expiresAtMillis)),
            ]
            return .json(["totpSessionInfo": .object(info)])
        }
        guard let phoneInfo = try request.object("phoneEnrollmentInfo") else {
            throw APIError.badRequest("INVALID_ARGUMENT : ((Missing phoneEnrollmentInfo.))")
        }
        let phoneNumber =
            try RouteRequest.coerceString(phoneInfo["phoneNumber"], pointer: "/phoneEnrollmentInfo/phoneNumber") ?? ""
        try ensure(isValidPhoneNumber(phoneNumber), "INVALID_PHONE_NUMBER : Invalid format.")
        try ensure(!token.user.mfaInfo.contains { $0.phoneInfo == phoneNumber }, phoneAlreadyEnrolled)
        let sessionInfo = project.issueVerificationCode(
            phoneNumber: phoneNumber, for: .mfaEnrollment, console: state.site.console)
        return .json(["phoneSessionInfo": ["sessionInfo": .string(sessionInfo)]])
    }

    /// `mfaEnrollment:finalize`: checks the SMS or TOTP code, stores the enrollment, returns tokens that carry it.
    static func finalize(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let nowMillis = Timestamp.nowMillis()
        let (project, totpVerification) = try state.mfaFinalizeTarget(request)
        let token = try state.parseEnrollmentIdToken(request, in: project, nowMillis: nowMillis)
        var user = token.user
        let displayName = try request.string("displayName")
        let enrollment: MFAEnrollment
        if let totp = totpVerification {
            let sessionInfo = try RouteRequest.requireMember(
                "sessionInfo", of: totp, in: "totpVerificationInfo", else: "MISSING_SESSION_INFO")
            let code = try RouteRequest.requireMember(
                "verificationCode", of: totp, in: "totpVerificationInfo", else: "MISSING_CODE")
            // A session is void once expired, for another user, or already used (its secret is enrolled).
            guard let session = TOTPEnrollmentSession(decoding: sessionInfo), session.localId == user.localId,
                session.expiresAtMillis >= nowMillis,
                !user.mfaInfo.contains(where: { $0.totpSharedSecret == session.sharedSecretKey })
            else {
                throw APIError.badRequest("INVALID_SESSION_INFO")
            }
            try ensure(
                TOTP.verify(code, sharedSecretKey: session.sharedSecretKey, nowMillis: nowMillis), "INVALID_CODE")
            enrollment = MFAEnrollment(
                mfaEnrollmentId: state.newEnrollmentId(for: user), displayName: displayName,
                phoneInfo: nil, totpSharedSecret: session.sharedSecretKey,
                enrolledAt: Timestamp.iso8601(millis: nowMillis))
        } else {
            guard let phone = try request.object("phoneVerificationInfo") else {
                throw APIError.badRequest("INVALID_ARGUMENT : ((Missing phoneVerificationInfo.))")
            }
            let phoneNumber = try project.consumePhoneVerification(phone)
            try ensure(!user.mfaInfo.contains { $0.phoneInfo == phoneNumber }, phoneAlreadyEnrolled)
            enrollment = MFAEnrollment(
                mfaEnrollmentId: state.newEnrollmentId(for: user), displayName: displayName,
                phoneInfo: phoneNumber, totpSharedSecret: nil,
                enrolledAt: Timestamp.iso8601(millis: nowMillis))
        }
        user.mfaInfo.append(enrollment)
        project.save(user)
        let secondFactor = SecondFactorClaims(enrollment)
        let tokens = state.issueTokens(
            for: user, in: project, signInProvider: token.signInProvider, secondFactor: secondFactor,
            nowMillis: nowMillis)
        return .json(["idToken": .string(tokens.idToken), "refreshToken": .string(tokens.refreshToken)])
    }

    /// `mfaEnrollment:withdraw`: removes one enrollment and returns fresh tokens.
    static func withdraw(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let nowMillis = Timestamp.nowMillis()
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let token = try state.parseIdToken(
            try request.requireField("idToken", else: "MISSING_ID_TOKEN"), in: project, nowMillis: nowMillis)
        var user = token.user
        let enrollmentId = try request.string("mfaEnrollmentId")
        let remaining = user.mfaInfo.filter { $0.mfaEnrollmentId != enrollmentId }
        try ensure(remaining.count < user.mfaInfo.count, "MFA_ENROLLMENT_NOT_FOUND")
        user.mfaInfo = remaining
        project.save(user)
        var response = JSONObject()
        state.issueTokens(for: user, in: project, signInProvider: token.signInProvider, nowMillis: nowMillis).add(
            to: &response)
        return .json(response)
    }
}
