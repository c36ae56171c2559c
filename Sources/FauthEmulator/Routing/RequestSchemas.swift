/// The request schemas of the routes fauth-emulator serves, as the Identity Toolkit API's OpenAPI schema (the one
/// Firebase's emulator validates against) declares their fields. Only types matter: no field is required there.
extension RequestSchema {
    /// Builds an object schema from fields that are all strings, plus `others`.
    private static func strings(_ names: [String], _ others: [String: RequestSchema] = [:]) -> RequestSchema {
        var fields = others
        for name in names { fields[name] = .string }
        return .object(fields)
    }

    /// The API's `deleteAttribute` enum, in its declared order (numeric values index it).
    private static let userAttributes = [
        "USER_ATTRIBUTE_NAME_UNSPECIFIED", "EMAIL", "DISPLAY_NAME", "PROVIDER", "PHOTO_URL", "PASSWORD",
        "RAW_USER_INFO",
    ]
    /// The API's `requestType` enum of `sendOobCode`, in its declared order (numeric values index it).
    private static let oobRequestTypes = [
        "OOB_REQ_TYPE_UNSPECIFIED", "PASSWORD_RESET", "OLD_EMAIL_AGREE", "NEW_EMAIL_ACCEPT", "VERIFY_EMAIL",
        "RECOVER_EMAIL", "EMAIL_SIGNIN", "VERIFY_AND_CHANGE_EMAIL", "REVERT_SECOND_FACTOR_ADDITION",
    ]
    /// The API's `order` enum of `accounts:query`, in its declared order.
    private static let queryOrders = ["ORDER_UNSPECIFIED", "ASC", "DESC"]
    /// The API's `sortBy` enum of `accounts:query`, in its declared order.
    private static let querySortFields = [
        "SORT_BY_FIELD_UNSPECIFIED", "USER_ID", "NAME", "CREATED_AT", "LAST_LOGIN_AT", "USER_EMAIL",
    ]

    /// `GoogleCloudIdentitytoolkitV1ProviderUserInfo`.
    static let providerUserInfo = strings([
        "displayName", "email", "federatedId", "phoneNumber", "photoUrl", "providerId",
        "rawId", "screenName",
    ])
    /// `GoogleCloudIdentitytoolkitV1MfaEnrollment`.
    static let mfaEnrollment = strings([
        "displayName", "enrolledAt", "mfaEnrollmentId", "phoneInfo", "unobfuscatedPhoneInfo",
    ])
    /// `GoogleCloudIdentitytoolkitV1UserInfo` (batchCreate's users).
    static let userInfo = strings(
        [
            "createdAt", "customAttributes", "dateOfBirth", "displayName", "email", "initialEmail", "language",
            "lastLoginAt",
            "lastRefreshAt", "localId", "passwordHash", "phoneNumber", "photoUrl", "rawPassword", "salt", "screenName",
            "tenantId",
            "timeZone", "validSince",
        ],
        [
            "customAuth": .boolean, "disabled": .boolean, "emailLinkSignin": .boolean, "emailVerified": .boolean,
            "mfaInfo": .array(mfaEnrollment), "passwordUpdatedAt": .number,
            "providerUserInfo": .array(providerUserInfo),
            "version": .integer,
        ])
    /// `GoogleCloudIdentitytoolkitV2StartMfaPhoneRequestInfo`.
    private static let startMfaPhoneInfo = strings(
        ["iosReceipt", "iosSecret", "phoneNumber", "recaptchaToken", "safetyNetToken"],
        ["autoRetrievalInfo": strings(["appSignatureHash"])])
    /// `GoogleCloudIdentitytoolkitV2FinalizeMfaPhoneRequestInfo`.
    private static let finalizeMfaPhoneInfo = strings([
        "androidVerificationProof", "code", "phoneNumber", "sessionInfo",
    ])

    /// `accounts:signUp` and the admin `POST …/accounts`.
    static let signUp = strings(
        [
            "captchaChallenge", "captchaResponse", "displayName", "email", "idToken", "instanceId", "localId",
            "password",
            "phoneNumber", "photoUrl", "targetProjectId", "tenantId",
        ], ["disabled": .boolean, "emailVerified": .boolean, "mfaInfo": .array(strings(["displayName", "phoneInfo"]))])
    /// `accounts:signInWithPassword`.
    static let signInWithPassword = strings(
        [
            "captchaChallenge", "captchaResponse", "delegatedProjectNumber", "email", "idToken", "instanceId",
            "password",
            "pendingIdToken", "tenantId",
        ], ["returnSecureToken": .boolean])
    /// `accounts:signInWithIdp`.
    static let signInWithIdp = strings(
        [
            "delegatedProjectNumber", "idToken", "pendingIdToken", "pendingToken", "postBody", "requestUri",
            "sessionId", "tenantId",
        ],
        [
            "autoCreate": .boolean, "returnIdpCredential": .boolean, "returnRefreshToken": .boolean,
            "returnSecureToken": .boolean,
        ])
    /// `accounts:signInWithCustomToken`.
    static let signInWithCustomToken = strings(
        ["delegatedProjectNumber", "instanceId", "tenantId", "token"],
        ["returnSecureToken": .boolean])
    /// `accounts:signInWithEmailLink`.
    static let signInWithEmailLink = strings(["email", "idToken", "oobCode", "tenantId"])
    /// `accounts:signInWithPhoneNumber`.
    static let signInWithPhoneNumber = strings(
        ["code", "idToken", "phoneNumber", "sessionInfo", "temporaryProof", "tenantId", "verificationProof"],
        ["operation": .enumeration(["VERIFY_OP_UNSPECIFIED", "SIGN_UP_OR_IN", "REAUTH", "UPDATE", "LINK"])])
    /// `accounts:sendVerificationCode`.
    static let sendVerificationCode = strings(
        ["iosReceipt", "iosSecret", "phoneNumber", "recaptchaToken", "safetyNetToken", "tenantId"],
        ["autoRetrievalInfo": strings(["appSignatureHash"])])
    /// `accounts:lookup`.
    static let lookup = strings(
        ["delegatedProjectNumber", "idToken", "targetProjectId", "tenantId"],
        [
            "email": .array(.string), "federatedUserId": .array(strings(["providerId", "rawId"])),
            "initialEmail": .array(.string),
            "localId": .array(.string), "phoneNumber": .array(.string),
        ])
    /// `accounts:update`.
    static let update = strings(
        [
            "captchaChallenge", "captchaResponse", "createdAt", "customAttributes", "delegatedProjectNumber",
            "displayName", "email",
            "idToken", "instanceId", "lastLoginAt", "localId", "oobCode", "password", "phoneNumber", "photoUrl",
            "targetProjectId",
            "tenantId", "validSince",
        ],
        [
            "deleteAttribute": .array(.enumeration(userAttributes)), "deletePasskey": .array(.string),
            "deleteProvider": .array(.string),
            "disableUser": .boolean, "emailVerified": .boolean, "linkProviderUserInfo": providerUserInfo,
            "mfa": .object(["enrollments": .array(mfaEnrollment)]), "provider": .array(.string),
            "returnSecureToken": .boolean,
            "upgradeToFederatedLogin": .boolean,
        ])
    /// `accounts:delete`.
    static let delete = strings(["delegatedProjectNumber", "idToken", "localId", "targetProjectId", "tenantId"])
    /// `accounts:createAuthUri`.
    static let createAuthUri = strings(
        [
            "appId", "authFlowType", "context", "continueUri", "hostedDomain", "identifier", "oauthConsumerKey",
            "oauthScope",
            "openidRealm", "otaApp", "providerId", "sessionId", "tenantId",
        ], ["customParameter": .map(.string)])
    /// `accounts:sendOobCode`.
    static let sendOobCode = strings(
        [
            "androidMinimumVersion", "androidPackageName", "captchaResp", "challenge", "continueUrl",
            "dynamicLinkDomain", "email",
            "iOSAppStoreId", "iOSBundleId", "idToken", "newEmail", "targetProjectId", "tenantId", "userIp",
        ],
        [
            "androidInstallApp": .boolean, "canHandleCodeInApp": .boolean, "returnOobLink": .boolean,
            "requestType": .enumeration(oobRequestTypes),
        ])
    /// `accounts:resetPassword`.
    static let resetPassword = strings(["email", "newPassword", "oldPassword", "oobCode", "tenantId"])
    /// Secure Token `token` (`GrantTokenRequest`).
    static let grantToken = strings(["code", "grantType", "refreshToken"])
    /// `mfaEnrollment:start`.
    static let startMfaEnrollment = strings(["idToken", "tenantId"], ["phoneEnrollmentInfo": startMfaPhoneInfo])
    /// `mfaEnrollment:finalize`.
    static let finalizeMfaEnrollment = strings(
        ["displayName", "idToken", "tenantId"], ["phoneVerificationInfo": finalizeMfaPhoneInfo])
    /// `mfaEnrollment:withdraw`.
    static let withdrawMfa = strings(["idToken", "mfaEnrollmentId", "tenantId"])
    /// `mfaSignIn:start`.
    static let startMfaSignIn = strings(
        ["mfaEnrollmentId", "mfaPendingCredential", "tenantId"], ["phoneSignInInfo": startMfaPhoneInfo])
    /// `mfaSignIn:finalize`.
    static let finalizeMfaSignIn = strings(
        ["mfaPendingCredential", "tenantId"], ["phoneVerificationInfo": finalizeMfaPhoneInfo])
    /// `passkeyEnrollment:start`.
    static let startPasskeyEnrollment = strings(["idToken", "tenantId"])
    /// `passkeyEnrollment:finalize`.
    static let finalizePasskeyEnrollment = strings(
        ["displayName", "idToken", "name", "tenantId"],
        ["authenticatorRegistrationResponse": .object([:])])
    /// `passkeySignIn:start`.
    static let startPasskeySignIn = strings(["tenantId"])
    /// `passkeySignIn:finalize`.
    static let finalizePasskeySignIn = strings(["tenantId"], ["authenticatorAuthenticationResponse": .object([:])])
    /// `accounts:batchCreate` (`UploadAccountRequest`).
    static let batchCreate = strings(
        ["delegatedProjectNumber", "hashAlgorithm", "saltSeparator", "signerKey", "tenantId"],
        [
            "allowOverwrite": .boolean, "blockSize": .integer, "cpuMemCost": .integer, "dkLen": .integer,
            "memoryCost": .integer,
            "parallelization": .integer, "rounds": .integer, "sanityCheck": .boolean, "users": .array(userInfo),
            "passwordHashOrder": .enumeration(["UNSPECIFIED_ORDER", "SALT_AND_PASSWORD", "PASSWORD_AND_SALT"]),
        ])
    /// `accounts:batchDelete`.
    static let batchDelete = strings(["tenantId"], ["force": .boolean, "localIds": .array(.string)])
    /// `accounts:query` (`QueryUserInfoRequest`).
    static let query = strings(
        ["limit", "offset", "tenantId"],
        [
            "expression": .array(strings(["email", "phoneNumber", "userId"])), "returnUserInfo": .boolean,
            "order": .enumeration(queryOrders), "sortBy": .enumeration(querySortFields),
        ])
    /// `{project}:createSessionCookie`.
    static let createSessionCookie = strings(["idToken", "tenantId", "validDuration"])
}
