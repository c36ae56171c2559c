import FauthJSON
import FauthText

extension EmulatorState {
    /// Completes a sign-in: sets lastLoginAt, saves the user and mints tokens.
    func signIn(
        _ user: UserRecord, signInProvider: String, in project: ProjectState, extraClaims: JSONObject = [:],
        secondFactor: SecondFactorClaims? = nil, signInAttributes: JSONValue? = nil, nowMillis: Int
    ) -> IssuedTokens {
        var signedIn = user
        signedIn.lastLoginAt = nowMillis
        return issueTokens(
            for: signedIn, in: project, signInProvider: signInProvider, extraClaims: extraClaims,
            secondFactor: secondFactor, signInAttributes: signInAttributes, nowMillis: nowMillis)
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

    /// The end of a first-factor sign-in: tokens added to `response`, or for an MFA user `mfaPendingCredential` and
    /// masked `mfaInfo` instead (lastLoginAt is then left for the second factor).
    func finishFirstFactor(
        _ user: UserRecord, signInProvider: String, in project: ProjectState, extraClaims: JSONObject = [:],
        signInAttributes: JSONValue? = nil, nowMillis: Int, into response: inout JSONObject
    ) {
        if !stopsForSecondFactor(user, in: project) {
            signIn(
                user, signInProvider: signInProvider, in: project, extraClaims: extraClaims,
                signInAttributes: signInAttributes,
                nowMillis: nowMillis
            )
            .add(to: &response)
        } else {
            project.save(user)
            let pending = MFAPendingCredential(
                localId: user.localId, signInProvider: signInProvider,
                projectId: projectId, tenantId: project.tenantId)
            response["mfaPendingCredential"] = .string(pending.encoded)
            response["mfaInfo"] = .array(user.mfaInfo.map { .object(maskedEnrollment($0)) })
        }
    }
}

extension EmulatorState {
    /// An enrollment as sign-in responses show it: the phone number masked as `+*******0100`.
    func maskedEnrollment(_ enrollment: MFAEnrollment) -> JSONObject {
        var object: JSONObject = ["mfaEnrollmentId": .string(enrollment.mfaEnrollmentId)]
        if let name = enrollment.displayName { object["displayName"] = .string(name) }
        if let phone = enrollment.phoneInfo { object["phoneInfo"] = .string(PhoneNumberMask.masked(phone)) }
        if enrollment.totpSharedSecret != nil { object["totpInfo"] = .object([:]) }
        object["enrolledAt"] = .string(enrollment.enrolledAt)
        return object
    }
}
