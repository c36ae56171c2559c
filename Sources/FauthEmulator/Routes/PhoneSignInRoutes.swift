import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode`.
    static let sendVerificationCode = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode",
        access: .apiKey, schema: .sendVerificationCode, answer: .json(.object(required: ["sessionInfo": .string])),
        handler: PhoneSignInRoutes.sendVerificationCode)
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber`.
    static let signInWithPhoneNumber = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber",
        access: .apiKey, schema: .signInWithPhoneNumber,
        answer: .json(
            .object(
                required: ["phoneNumber": .string],
                optional: AnswerSchema.issuedTokens.merging([
                    "isNewUser": .boolean, "localId": .string, "temporaryProof": .string,
                    "temporaryProofExpiresIn": .string,
                ]) { $1 })),
        handler: PhoneSignInRoutes.signInWithPhoneNumber)
}

/// Phone-number sign-in as Firebase's emulator does it: a logged 6-digit code, then sign-in, sign-up or linking, with
/// a temporary proof when the number belongs to another account. Not available in tenants.
enum PhoneSignInRoutes {
    private static let mfaUserMessage =
        "UNSUPPORTED_FIRST_FACTOR : A phone number cannot be set as a first factor on an SMS based MFA user."

    /// `accounts:sendVerificationCode`: "sends" a code to `phoneNumber` (listed under `/verificationCodes`).
    static func sendVerificationCode(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        try ensure(project.tenantId == nil, "UNSUPPORTED_TENANT_OPERATION")
        let phoneNumber = try request.string("phoneNumber") ?? ""
        try ensure(isValidPhoneNumber(phoneNumber), "INVALID_PHONE_NUMBER : Invalid format.")
        try ensure(project.user(phoneNumber: phoneNumber)?.mfaInfo.isEmpty ?? true, mfaUserMessage)
        let sessionInfo = project.issueVerificationCode(
            phoneNumber: phoneNumber, for: .phoneNumber, console: state.site.console)
        return .json(["sessionInfo": .string(sessionInfo)])
    }

    /// `accounts:signInWithPhoneNumber`: `sessionInfo` and `code`, or `phoneNumber` and a `temporaryProof`; an
    /// `idToken` links the number to that user.
    static func signInWithPhoneNumber(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse
    {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        try ensure(project.tenantId == nil, "UNSUPPORTED_TENANT_OPERATION")
        let nowMillis = Timestamp.nowMillis()
        let proof = try request.string("temporaryProof").flatMap { $0.isEmpty ? nil : $0 }
        let phoneNumber: String
        if let proof {
            phoneNumber = try request.requireField("phoneNumber", else: "MISSING_PHONE_NUMBER")
            try ensure(project.temporaryProofs[proof] == phoneNumber, "INVALID_TEMPORARY_PROOF")
        } else {
            let sessionInfo = try request.requireField("sessionInfo", else: "MISSING_SESSION_INFO")
            let code = try request.requireField("code", else: "MISSING_CODE")
            phoneNumber = try project.consumeVerificationCode(sessionInfo: sessionInfo, code: code)
        }
        let owner = project.user(phoneNumber: phoneNumber)
        let linking = try request.string("idToken").flatMap { $0.isEmpty ? nil : $0 }.map { token throws(APIError) in
            try state.parseIdToken(token, in: project, nowMillis: nowMillis).user
        }
        if let owner, let linking, owner.localId != linking.localId {
            try ensure(proof == nil, "PHONE_NUMBER_EXISTS")
            // The number is verified but taken: a proof lets the client retry without a new code.
            let newProof = RandomID.alphanumeric(count: 119)
            project.temporaryProofs[newProof] = phoneNumber
            return .json([
                "phoneNumber": .string(phoneNumber), "temporaryProof": .string(newProof),
                "temporaryProofExpiresIn": "3600",
            ])
        }
        var user: UserRecord
        if let existing = linking ?? owner {
            try ensure(!existing.disabled, "USER_DISABLED")
            try ensure(existing.mfaInfo.isEmpty, mfaUserMessage)
            user = existing
        } else {
            user = project.newUser(nowMillis: nowMillis)
        }
        let isNewUser = linking == nil && owner == nil
        user.phoneNumber = phoneNumber
        user.syncPhoneProvider()
        user.lastLoginAt = nowMillis
        let (signingIn, sessionClaims) = try BlockingFunctions.signIn(
            user, isNewUser: isNewUser, event: SignInEvent(method: "phone"),
            in: project, state: state, nowMillis: nowMillis)
        try ensure(!signingIn.disabled, "USER_DISABLED")
        var response: JSONObject = [
            "isNewUser": .bool(isNewUser), "phoneNumber": .string(phoneNumber), "localId": .string(user.localId),
        ]
        state.signIn(
            signingIn, signInProvider: "phone", in: project, extraClaims: sessionClaims ?? [:], nowMillis: nowMillis
        )
        .add(to: &response)
        return .json(response)
    }
}
