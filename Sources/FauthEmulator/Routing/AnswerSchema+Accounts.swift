/// The account objects several answers share, as Identity Toolkit's discovery document names them: `UserInfo`
/// (`accounts:lookup`, `accounts:batchGet`, `accounts:query`), `ProviderUserInfo` and `MfaEnrollment`.
extension AnswerSchema {
    /// One linked provider (`ProviderUserInfo`, `UserRecord.providerUserInfo`).
    static let providerUserInfo = AnswerSchema.object(
        required: ["providerId": .string, "rawId": .string],
        optional: [
            "federatedId": .string, "email": .string, "displayName": .string, "photoUrl": .string,
            "phoneNumber": .string, "screenName": .string,
        ])

    /// The members of an enrolled second factor in every answer that lists one.
    private static let enrollmentRequired: [String: AnswerSchema] = ["mfaEnrollmentId": .string, "enrolledAt": .string]
    private static let enrollmentOptional: [String: AnswerSchema] = [
        "displayName": .string, "phoneInfo": .string, "totpInfo": .object(required: [:]),
    ]

    /// An enrolled second factor as a first-factor sign-in lists it: the phone number masked, nothing more.
    static let maskedEnrollment = AnswerSchema.object(required: enrollmentRequired, optional: enrollmentOptional)

    /// An enrolled second factor as a lookup shows it (`MfaEnrollment`): the phone number also unmasked.
    static let enrollment = AnswerSchema.object(
        required: enrollmentRequired, optional: enrollmentOptional.merging(["unobfuscatedPhoneInfo": .string]) { $1 })

    /// One account (`UserInfo`, `UserRecord.accountInfo`): `passwordUpdatedAt` is milliseconds as a number,
    /// `createdAt`, `lastLoginAt` and `validSince` int64 strings.
    static let userInfo = AnswerSchema.object(
        required: ["localId": .string, "createdAt": .string, "providerUserInfo": .array(providerUserInfo)],
        optional: [
            "email": .string, "emailVerified": .boolean, "displayName": .string, "photoUrl": .string,
            "phoneNumber": .string, "screenName": .string, "passwordHash": .string, "salt": .string,
            "passwordUpdatedAt": .number, "validSince": .string, "disabled": .boolean, "lastLoginAt": .string,
            "lastRefreshAt": .string, "customAttributes": .string, "customAuth": .boolean,
            "emailLinkSignin": .boolean, "initialEmail": .string, "mfaInfo": .array(enrollment),
            "passkeyInfo": .array(.object(required: ["credentialId": .string, "name": .string])),
            "tenantId": .string,
        ])
}
