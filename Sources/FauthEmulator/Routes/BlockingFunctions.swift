import FauthJSON

/// Firebase's blocking functions: the `beforeCreate` and `beforeSignIn` triggers of the config's
/// `blockingFunctions.triggers` are POSTed `{"data":{"jwt":…}}` (an alg-none JWT describing the event and the user),
/// and the `userRecord` of their answer is applied (its `updateMask` fields) before tokens are issued.
enum BlockingFunctions {
    /// The two events fauth-emulator calls, by trigger name; the raw value is the JWT's `event_type`.
    enum Event: String {
        case beforeCreate = "providers/cloud.auth/eventTypes/user.beforeCreate"
        case beforeSignIn = "providers/cloud.auth/eventTypes/user.beforeSignIn"

        /// The key under `blockingFunctions.triggers`.
        var triggerName: String { self == .beforeCreate ? "beforeCreate" : "beforeSignIn" }
    }

    /// How long a function may take, as Firebase's emulator allows (60 s).
    static let timeoutSeconds = 60

    /// Calls the function configured for `event` (if any) about `user` and returns the user with the answer's updates
    /// applied, and the answer's session claims (beforeSignIn only).
    static func call(
        _ event: Event, user: UserRecord, signIn: SignInEvent, state: EmulatorState,
        nowMillis: Int
    ) throws(APIError) -> (user: UserRecord, sessionClaims: JSONObject?) {
        guard let uri = state.config.blockingFunctions["triggers"]?[event.triggerName]?["functionUri"]?.string else {
            return (user, nil)
        }
        var claims = claims(
            event, user: user, uri: uri, signIn: signIn, projectId: state.projectId, issuedAt: nowMillis / 1000)
        signIn.addForwardedCredentials(
            to: &claims, forwarding: state.config.blockingFunctions["forwardInboundCredentials"])
        let jwt = UnsignedJWT.encode(claims)
        let body = JSONValue.object(["data": ["jwt": .string(jwt)]]).serializedBytes()
        // The wait for the function's answer is made without the state lock, so other requests go on meanwhile.
        let (status, text) = try state.lock.releasing { () throws(APIError) in
            try BlockingFunctionHTTP.post(body, to: uri, timeoutSeconds: timeoutSeconds)
        }
        try ensure(
            (200..<300).contains(status),
            "BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP request to \(uri) returned HTTP error \(status): \(text)))")
        guard let answer = try? JSONValue.parse(Array(text.utf8)) else {
            throw APIError.internalError(
                "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Response body is not valid JSON.))", reason: "SyntaxError")
        }
        return try apply(answer, of: event, to: user)
    }

    /// The answer's `userRecord` fields named by its `updateMask`, applied as Firebase's emulator applies them.
    static func apply(_ answer: JSONValue, of event: Event, to user: UserRecord) throws(APIError) -> (
        user: UserRecord, sessionClaims: JSONObject?
    ) {
        guard let record = answer["userRecord"]?.object else { return (user, nil) }
        guard let mask = record["updateMask"].flatMap({ JavaScriptTruthiness.isTruthy($0) ? $0.string : nil }) else {
            throw APIError.badRequest(
                "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Response UserRecord is missing updateMask.))")
        }
        var updated = user
        var sessionClaims: JSONObject?
        for field in mask.split(separator: ",", omittingEmptySubsequences: false) {
            switch field {
            case "displayName": updated.displayName = CustomToken.identifier(record["displayName"])
            case "photoUrl": updated.photoUrl = CustomToken.identifier(record["photoUrl"])
            case "disabled": updated.disabledFlag = record["disabled"].map(JavaScriptTruthiness.isTruthy) ?? false
            case "emailVerified":
                updated.emailVerified = record["emailVerified"].map(JavaScriptTruthiness.isTruthy) ?? false
            case "customClaims":
                let serialized = (record["customClaims"] ?? .null).serialized()
                _ = try CustomClaims.validate(serialized: serialized)
                updated.customAttributes = serialized
            case "sessionClaims" where event == .beforeSignIn:
                sessionClaims = record["sessionClaims"]?.object
            default:
                continue
            }
        }
        updated.syncPasswordProvider()
        return (updated, sessionClaims)
    }

    /// The event JWT's claims (Firebase's emulator's field names; absent values are left out, as JSON.stringify does).
    static func claims(
        _ event: Event, user: UserRecord, uri: String, signIn: SignInEvent, projectId: String,
        issuedAt: Int
    ) -> JSONObject {
        var record: JSONObject = ["uid": .string(user.localId)]
        record["email"] = user.email.map(JSONValue.string)
        record["email_verified"] = user.emailVerified.map(JSONValue.bool)
        record["display_name"] = user.displayName.map(JSONValue.string)
        record["photo_url"] = user.photoUrl.map(JSONValue.string)
        record["disabled"] = user.disabledFlag.map(JSONValue.bool)
        record["phone_number"] = user.phoneNumber.map(JSONValue.string)
        record["custom_claims"] = .object(
            user.customAttributes.flatMap { try? JSONValue.parse(Array($0.utf8)).object } ?? [:])
        if let tenantId = user.tenantId { record["tenant_id"] = .string(tenantId) }
        record["provider_data"] = .array(
            user.providerUserInfo.map { info in
                var provider: JSONObject = ["provider_id": .string(info.providerId)]
                provider["display_name"] = info.displayName.map(JSONValue.string)
                provider["photo_url"] = info.photoUrl.map(JSONValue.string)
                provider["email"] = info.email.map(JSONValue.string)
                provider["uid"] = .string(info.rawId)
                provider["phone_number"] = info.phoneNumber.map(JSONValue.string)
                return .object(provider)
            })
        if let enrollments = user.mfaEnrollments {
            record["multi_factor"] = [
                "enrolled_factors": .array(
                    enrollments.map { enrollment in
                        var factor: JSONObject = ["uid": .string(enrollment.mfaEnrollmentId)]
                        factor["display_name"] = enrollment.displayName.map(JSONValue.string)
                        factor["enrollment_time"] = .string(enrollment.enrolledAt)
                        factor["phone_number"] = enrollment.phoneInfo.map(JSONValue.string)
                        factor["factor_id"] = "phone"
                        return .object(factor)
                    })
            ]
        }
        var metadata: JSONObject = ["creation_time": .string(String(user.createdAt))]
        metadata["last_sign_in_time"] = user.lastLoginAt.map { .string(String($0)) }
        record["metadata"] = .object(metadata)
        var claims: JSONObject = ["iss": .string("https://securetoken.google.com/\(projectId)"), "aud": .string(uri)]
        claims["iat"] = .number(Double(issuedAt))
        claims["exp"] = .number(Double(issuedAt + timeoutSeconds * 1000 / 100))
        claims["event_id"] = .string(RandomID.alphanumeric(count: 22))
        claims["event_type"] = .string(event.rawValue)
        claims["user_agent"] = "NotYetSupportedInFirebaseAuthEmulator"
        claims["ip_address"] = "127.0.0.1"
        claims["locale"] = "en"
        claims["user_record"] = .object(record)
        claims["sub"] = .string(user.localId)
        claims["sign_in_method"] = .string(signIn.method)
        claims["sign_in_second_factor"] = signIn.secondFactor.map(JSONValue.string)
        claims["sign_in_attributes"] = signIn.signInAttributes.map(JSONValue.string)
        claims["raw_user_info"] = signIn.rawUserInfo.map(JSONValue.string)
        if let tenantId = user.tenantId { claims["tenant_id"] = .string(tenantId) }
        return claims
    }
}
