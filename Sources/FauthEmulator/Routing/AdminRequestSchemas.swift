import FauthJSON

/// The request schemas of the admin tenant and project-config routes, as the Identity Toolkit API's OpenAPI schema
/// declares the fields fauth-emulator reads (`GoogleCloudIdentitytoolkitAdminV2Tenant` and `…Config`); other fields
/// pass unchecked, as unknown fields do everywhere.
extension RequestSchema {
    /// `GoogleCloudIdentitytoolkitAdminV2MultiFactorAuthConfig`.
    static let multiFactorConfig = RequestSchema.object([
        "enabledProviders": .array(.enumeration(["PROVIDER_UNSPECIFIED", "PHONE_SMS"])),
        "providerConfigs": .array(
            .object([
                "state": .enumeration(["MFA_STATE_UNSPECIFIED", "DISABLED", "ENABLED", "MANDATORY"]),
                "totpProviderConfig": .object(["adjacentIntervals": .integer]),
            ])),
        "state": .enumeration(["STATE_UNSPECIFIED", "DISABLED", "ENABLED", "MANDATORY"]),
    ])
    /// `GoogleCloudIdentitytoolkitAdminV2HashConfig`.
    private static let hashConfig = RequestSchema.object([
        "algorithm": .enumeration([
            "HASH_ALGORITHM_UNSPECIFIED", "HMAC_SHA256", "HMAC_SHA1", "HMAC_MD5", "SCRYPT", "PBKDF_SHA1",
            "MD5", "HMAC_SHA512", "SHA1", "BCRYPT", "PBKDF2_SHA256", "SHA256", "SHA512", "STANDARD_SCRYPT",
        ]),
        "memoryCost": .integer, "rounds": .integer, "saltSeparator": .string, "signerKey": .string,
    ])
    /// `GoogleCloudIdentitytoolkitAdminV2EmailPrivacyConfig`.
    private static let emailPrivacyConfig = RequestSchema.object(["enableImprovedEmailPrivacy": .boolean])

    /// `GoogleCloudIdentitytoolkitAdminV2Tenant`: tenant create and PATCH.
    static let tenant = RequestSchema.object([
        "allowPasswordSignup": .boolean, "autodeleteAnonymousUsers": .boolean, "disableAuth": .boolean,
        "displayName": .string,
        "emailPrivacyConfig": emailPrivacyConfig, "enableAnonymousUser": .boolean, "enableEmailLinkSignin": .boolean,
        "hashConfig": hashConfig, "inheritance": .object(["emailSendingConfig": .boolean]),
        "mfaConfig": multiFactorConfig,
        "name": .string, "testPhoneNumbers": .map(.string),
    ])

    /// `GoogleCloudIdentitytoolkitAdminV2BlockingFunctionsConfig`: the project's blocking function triggers.
    static let blockingFunctions = RequestSchema.object([
        "forwardInboundCredentials": .object(["accessToken": .boolean, "idToken": .boolean, "refreshToken": .boolean]),
        "triggers": .map(.object(["functionUri": .string, "updateTime": .string])),
    ])

    /// A config `body` whose `blockingFunctions` is checked as the admin config route checks it (the emulator's own
    /// config route checks no schema) and keeps only the members `blockingFunctions` declares: an unknown member
    /// passes the request, as everywhere, but is neither stored nor answered.
    static func checkingBlockingFunctions(in body: JSONObject) throws(APIError) -> JSONObject {
        guard let functions = body["blockingFunctions"], !functions.isNull else { return body }
        let checked = try RequestSchema.object(["blockingFunctions": blockingFunctions]).validate([
            "blockingFunctions": functions
        ])
        var kept = body
        kept["blockingFunctions"] = blockingFunctions.keepingDeclaredMembers(checked["blockingFunctions"] ?? functions)
        return kept
    }

    /// `GoogleCloudIdentitytoolkitAdminV2Config`: the project config PATCH.
    static let adminConfig = RequestSchema.object([
        "authorizedDomains": .array(.string), "autodeleteAnonymousUsers": .boolean,
        "blockingFunctions": blockingFunctions,
        "emailPrivacyConfig": emailPrivacyConfig, "mfa": multiFactorConfig,
        "multiTenant": .object(["allowTenants": .boolean, "defaultTenantLocation": .string]), "name": .string,
        "signIn": .object([
            "allowDuplicateEmails": .boolean, "anonymous": .object(["enabled": .boolean]),
            "email": .object(["enabled": .boolean, "passwordRequired": .boolean]), "hashConfig": hashConfig,
            "phoneNumber": .object(["enabled": .boolean, "testPhoneNumbers": .map(.string)]),
        ]),
    ])
}
