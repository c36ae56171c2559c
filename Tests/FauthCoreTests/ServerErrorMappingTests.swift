import FauthJSON
import Testing

@testable import FauthCore

/// Every row of the Apple SDK's table (docs/design/firebase-compatibility.md, "Server messages").
private let sdkRows: [(String, ErrorCode)] = [
    ("USER_NOT_FOUND", .userNotFound), ("EMAIL_NOT_FOUND", .userNotFound),
    ("MISSING_CONTINUE_URI", .missingContinueURI), ("INVALID_IDENTIFIER", .invalidEmail),
    ("INVALID_EMAIL", .invalidEmail), ("INVALID_ID_TOKEN", .invalidUserToken), ("TOKEN_EXPIRED", .userTokenExpired),
    ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", .requiresRecentLogin), ("EMAIL_EXISTS", .emailAlreadyInUse),
    ("OPERATION_NOT_ALLOWED", .operationNotAllowed), ("PASSWORD_LOGIN_DISABLED", .operationNotAllowed),
    ("USER_DISABLED", .userDisabled), ("EXPIRED_OOB_CODE", .expiredActionCode),
    ("INVALID_OOB_CODE", .invalidActionCode), ("INVALID_MESSAGE_PAYLOAD", .invalidMessagePayload),
    ("INVALID_SENDER", .invalidSender), ("INVALID_RECIPIENT_EMAIL", .invalidRecipientEmail),
    ("WEAK_PASSWORD", .weakPassword), ("TOO_MANY_ATTEMPTS_TRY_LATER", .tooManyRequests),
    ("MISSING_EMAIL", .missingEmail), ("MISSING_IOS_BUNDLE_ID", .missingIosBundleID),
    ("MISSING_ANDROID_PACKAGE_NAME", .missingAndroidPackageName), ("UNAUTHORIZED_DOMAIN", .unauthorizedDomain),
    ("INVALID_CONTINUE_URI", .invalidContinueURI), ("INVALID_PASSWORD", .wrongPassword),
    ("INVALID_LOGIN_CREDENTIALS", .invalidCredential), ("INVALID_IDP_RESPONSE", .invalidCredential),
    ("INVALID_PENDING_TOKEN", .invalidCredential), ("INVALID_CUSTOM_TOKEN", .invalidCustomToken),
    ("CREDENTIAL_MISMATCH", .customTokenMismatch), ("FEDERATED_USER_ID_ALREADY_LINKED", .credentialAlreadyInUse),
    ("INVALID_PHONE_NUMBER", .invalidPhoneNumber), ("QUOTA_EXCEEDED", .quotaExceeded),
    ("APP_NOT_VERIFIED", .appNotVerified), ("CAPTCHA_CHECK_FAILED", .captchaCheckFailed),
    ("INVALID_APP_CREDENTIAL", .invalidAppCredential), ("MISSING_APP_CREDENTIAL", .missingAppCredential),
    ("INVALID_CODE", .invalidVerificationCode), ("INVALID_SESSION_INFO", .invalidVerificationID),
    ("SESSION_EXPIRED", .sessionExpired), ("INVALID_HOSTING_LINK_DOMAIN", .invalidHostingLinkDomain),
    ("ADMIN_ONLY_OPERATION", .adminRestrictedOperation),
    ("BLOCKING_FUNCTION_ERROR_RESPONSE", .blockingCloudFunctionError),
    ("EMAIL_CHANGE_NEEDS_VERIFICATION", .emailChangeNeedsVerification),
    ("INVALID_MFA_PENDING_CREDENTIAL", .invalidMultiFactorSession), ("INVALID_PROVIDER_ID", .invalidProviderID),
    ("MFA_ENROLLMENT_NOT_FOUND", .multiFactorInfoNotFound), ("MISSING_CLIENT_IDENTIFIER", .missingClientIdentifier),
    ("MISSING_IOS_APP_TOKEN", .missingAppToken), ("MISSING_MFA_ENROLLMENT_ID", .missingMultiFactorInfo),
    ("MISSING_MFA_PENDING_CREDENTIAL", .missingMultiFactorSession),
    ("MISSING_OR_INVALID_NONCE", .missingOrInvalidNonce),
    ("PASSWORD_DOES_NOT_MEET_REQUIREMENTS", .passwordDoesNotMeetRequirements),
    ("SECOND_FACTOR_EXISTS", .secondFactorAlreadyEnrolled),
    ("SECOND_FACTOR_LIMIT_EXCEEDED", .maximumSecondFactorCountExceeded),
    ("TENANT_ID_MISMATCH", .tenantIDMismatch), ("UNSUPPORTED_FIRST_FACTOR", .unsupportedFirstFactor),
    ("UNSUPPORTED_TENANT_OPERATION", .unsupportedTenantOperation), ("UNVERIFIED_EMAIL", .unverifiedEmail),
]

/// fauth's additions: the improvements of docs/design/errors.md and the emulator's messages the SDK does not map.
private let fauthRows: [(String, ErrorCode)] = [
    ("MISSING_API_KEY", .invalidAPIKey),
    ("INVALID_REFRESH_TOKEN", .invalidUserToken), ("MISSING_REFRESH_TOKEN", .invalidUserToken),
    ("MISSING_ID_TOKEN", .invalidUserToken),
    ("PROJECT_NOT_FOUND", .projectNotFound), ("CONFIGURATION_NOT_FOUND", .projectNotFound),
    ("PROJECT_DISABLED", .operationNotAllowed), ("MISSING_PASSWORD", .weakPassword),
    ("PHONE_NUMBER_EXISTS", .credentialAlreadyInUse), ("MISSING_CUSTOM_TOKEN", .invalidCustomToken),
    ("INVALID_CREDENTIAL_OR_PROVIDER_ID", .invalidCredential), ("INVALID_TEMPORARY_PROOF", .invalidCredential),
    ("MISSING_OOB_CODE", .invalidActionCode), ("MISSING_NEW_EMAIL", .missingEmail),
    ("MISSING_PHONE_NUMBER", .missingPhoneNumber), ("INVALID_MFA_PHONE_NUMBER", .invalidPhoneNumber),
    ("MISSING_CODE", .missingVerificationCode), ("MISSING_SESSION_INFO", .missingVerificationID),
    ("MISSING_CREDENTIAL", .missingMultiFactorSession),
    ("RECAPTCHA_NOT_ENABLED", .recaptchaNotEnabled), ("MISSING_RECAPTCHA_TOKEN", .missingRecaptchaToken),
    ("INVALID_RECAPTCHA_TOKEN", .invalidRecaptchaToken), ("INVALID_RECAPTCHA_ACTION", .invalidRecaptchaAction),
    ("MISSING_CLIENT_TYPE", .missingClientType), ("MISSING_RECAPTCHA_VERSION", .missingRecaptchaVersion),
    ("INVALID_RECAPTCHA_VERSION", .invalidRecaptchaVersion), ("INVALID_REQ_TYPE", .invalidReqType),
]

/// The emulator's error body for a message: `{"error":{"code":…,"message":…,"errors":[…]}}`.
private func emulatorBody(_ message: String, status: Int = 400, reason: String = "invalid") -> [UInt8] {
    let body: JSONValue = [
        "error": [
            "code": .number(Double(status)), "message": .string(message),
            "errors": [["message": .string(message), "reason": .string(reason), "domain": "global"]],
        ]
    ]
    return body.serializedBytes()
}

@Test(arguments: sdkRows + fauthRows)
func everyTableRowMapsThroughAnErrorBody(message: String, code: ErrorCode) {
    let error = ServerErrorMapping.error(httpStatus: 400, body: emulatorBody(message))
    #expect(error.code == code)
    #expect(error.server == ServerDetail(status: 400, message: message))
}

@Test(arguments: sdkRows + fauthRows)
func everyTableRowMapsAsASoftErrorMessage(message: String, code: ErrorCode) {
    let error = ServerErrorMapping.error(serverMessage: message, httpStatus: 200)
    #expect(error.code == code)
    #expect(error.server == ServerDetail(status: 200, message: message))
}

@Test func theTableHasExactlyTheTestedRows() {
    #expect(ServerErrorMapping.codesByMessage.count == sdkRows.count + fauthRows.count)
    #expect(sdkRows.count == 59)
}

// MARK: Splitting at the first colon

@Test func splitWithoutColonKeepsTheWholeMessage() {
    #expect(ServerErrorMapping.split("EMAIL_EXISTS") == ("EMAIL_EXISTS", ""))
}

@Test func splitWithTrailingColonGivesAnEmptyDetail() {
    #expect(ServerErrorMapping.split("TOO_MANY_ATTEMPTS_TRY_LATER:") == ("TOO_MANY_ATTEMPTS_TRY_LATER", ""))
}

@Test func splitIsAtTheFirstColonAndTrimsBothHalves() {
    #expect(ServerErrorMapping.split("X : a : b") == ("X", "a : b"))
    #expect(ServerErrorMapping.split("  X\t:  detail \n") == ("X", "detail"))
    #expect(ServerErrorMapping.split(":") == ("", ""))
}

@Test func detailAfterTheColonBecomesTheMessage() {
    let error = ServerErrorMapping.error(
        httpStatus: 400,
        body: emulatorBody("INVALID_EMAIL : The email provided does not match the sign-in email address."))
    #expect(error.code == .invalidEmail)
    #expect(error.message == "The email provided does not match the sign-in email address.")
    #expect(error.reason == nil)
}

@Test func noDetailOrAnEmptyDetailGivesTheDefaultMessage() {
    #expect(
        ServerErrorMapping.error(serverMessage: "USER_DISABLED", httpStatus: 400).message
            == ErrorCode.userDisabled.defaultMessage)
    let tooMany = ServerErrorMapping.error(serverMessage: "TOO_MANY_ATTEMPTS_TRY_LATER:", httpStatus: 400)
    #expect(tooMany.code == .tooManyRequests)
    #expect(tooMany.message == ErrorCode.tooManyRequests.defaultMessage)
}

@Test func matchingIsExactAndCaseSensitive() {
    #expect(ServerErrorMapping.error(serverMessage: "email_exists", httpStatus: 400).code == .internalError)
    #expect(ServerErrorMapping.error(serverMessage: "EMAIL_EXISTS_X", httpStatus: 400).code == .internalError)
    #expect(ServerErrorMapping.error(serverMessage: " EMAIL_EXISTS : x", httpStatus: 400).code == .emailAlreadyInUse)
}

/// A value longer or shorter than the server's schema allows is `invalid-argument` (exit 8, fix the value), its
/// words kept; a field of the wrong shape (`unknownMessagesAreInternalErrorsKeptVerbatim`) is fauth's to report.
@Test(arguments: [
    "Invalid JSON payload received. /displayName must be at most 256 characters",
    "Invalid JSON payload received. /password must NOT have fewer than 1 characters",
])
func aValueOfTheWrongLengthIsInvalidArgument(message: String) {
    let error = ServerErrorMapping.error(httpStatus: 400, body: emulatorBody(message))
    #expect(error.code == .invalidArgument && error.code.exitStatus == 8)
    #expect(error.message == "The server refused a value in the request: \(message)")
}

// MARK: Detail handling

@Test func weakPasswordDetailBecomesTheReason() {
    let error = ServerErrorMapping.error(
        httpStatus: 400, body: emulatorBody("WEAK_PASSWORD : Password should be at least 6 characters"))
    #expect(error.code == .weakPassword)
    #expect(error.reason == "Password should be at least 6 characters")
    #expect(error.message == ErrorCode.weakPassword.defaultMessage)
    #expect(ServerErrorMapping.error(serverMessage: "WEAK_PASSWORD", httpStatus: 400).reason == nil)
}

@Test func passwordRequirementsDetailBecomesTheReason() {
    let error = ServerErrorMapping.error(
        serverMessage:
            "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain a numeric character]",
        httpStatus: 400)
    #expect(error.code == .passwordDoesNotMeetRequirements)
    #expect(error.reason == "Missing password requirements: [Password must contain a numeric character]")
    #expect(error.message == ErrorCode.passwordDoesNotMeetRequirements.defaultMessage)
}

@Test func missingPasswordSaysSoInTheReason() {
    let error = ServerErrorMapping.error(serverMessage: "MISSING_PASSWORD", httpStatus: 400)
    #expect(error.code == .weakPassword)
    #expect(error.reason == "Missing password")
}

@Test(arguments: ["EMAIL_EXISTS", "MISSING_IOS_APP_TOKEN", "TENANT_ID_MISMATCH", "UNSUPPORTED_TENANT_OPERATION"])
func detailIsIgnoredWhereTheSDKIgnoresIt(short: String) {
    let error = ServerErrorMapping.error(serverMessage: "\(short) : some detail", httpStatus: 400)
    #expect(error.message == error.code.defaultMessage)
    #expect(error.server?.message == "\(short) : some detail")
}

@Test func blockingFunctionMessageComesFromTheEmbeddedJSON() {
    let error = ServerErrorMapping.error(
        serverMessage:
            #"BLOCKING_FUNCTION_ERROR_RESPONSE : HTTP Cloud Function returned an error: {"error":{"message":"Not allowed {here}","status":"PERMISSION_DENIED"}} trailing"#,
        httpStatus: 400)
    #expect(error.code == .blockingCloudFunctionError)
    #expect(error.message == "Not allowed {here}")
}

@Test func blockingFunctionWithoutJSONKeepsTheWholeDetail() {
    let error = ServerErrorMapping.error(
        serverMessage: "BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP request to http://x returned HTTP error 500))",
        httpStatus: 400)
    #expect(error.message == "((HTTP request to http://x returned HTTP error 500))")
    let unbalanced = ServerErrorMapping.error(
        serverMessage: "BLOCKING_FUNCTION_ERROR_RESPONSE : {oops", httpStatus: 400)
    #expect(unbalanced.message == "{oops")
    let invalid = ServerErrorMapping.error(serverMessage: "BLOCKING_FUNCTION_ERROR_RESPONSE : {oops}", httpStatus: 400)
    #expect(invalid.message == "{oops}")
}

@Test func blockingFunctionJSONWithoutMessageGivesTheDefault() {
    let error = ServerErrorMapping.error(
        serverMessage: #"BLOCKING_FUNCTION_ERROR_RESPONSE : {"error":{"status":"X"}}"#, httpStatus: 400)
    #expect(error.message == ErrorCode.blockingCloudFunctionError.defaultMessage)
}

// MARK: fauth's improvements

@Test func apiKeyNotValidWithDetailsReasonIsInvalidAPIKey() {
    let body = #"""
        {"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","errors":[{"message":"API key not valid. Please pass a valid API key.","domain":"global","reason":"badRequest"}],"status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}
        """#
    let error = ServerErrorMapping.error(httpStatus: 400, body: Array(body.utf8))
    #expect(error.code == .invalidAPIKey)
    #expect(error.exitStatus == 11)
    #expect(error.server == ServerDetail(status: 400, message: "API key not valid. Please pass a valid API key."))
}

@Test(arguments: [
    ("API_KEY_INVALID", ErrorCode.invalidAPIKey), ("API_KEY_EXPIRED", .invalidAPIKey),
    ("API_KEY_HTTP_REFERRER_BLOCKED", .appNotAuthorized), ("API_KEY_IP_ADDRESS_BLOCKED", .appNotAuthorized),
    ("API_KEY_ANDROID_APP_BLOCKED", .appNotAuthorized), ("API_KEY_IOS_APP_BLOCKED", .appNotAuthorized),
    ("API_KEY_SERVICE_BLOCKED", .appNotAuthorized), ("SERVICE_DISABLED", .internalError),
])
func detailsReasonsAboutTheKeyAreMapped(reason: String, code: ErrorCode) {
    let body = #"{"error":{"code":403,"message":"Something else","details":[{"reason":"\#(reason)"}]}}"#
    let error = ServerErrorMapping.error(httpStatus: 403, body: Array(body.utf8))
    #expect(error.code == code)
    #expect(error.server == ServerDetail(status: 403, message: "Something else"))
}

@Test func missingAPIKeyOn403IsInvalidAPIKey() {
    let error = ServerErrorMapping.error(
        httpStatus: 403, body: emulatorBody("The request is missing a valid API key.", status: 403, reason: "forbidden")
    )
    #expect(error.code == .invalidAPIKey)
    #expect(error.server?.status == 403)
}

@Test func legacyKeyInvalidReasonIsInvalidAPIKey() {
    let error = ServerErrorMapping.error(httpStatus: 400, body: emulatorBody("Bad Request", reason: "keyInvalid"))
    #expect(error.code == .invalidAPIKey)
    #expect(error.message == ErrorCode.invalidAPIKey.defaultMessage)
}

@Test func ipRefererBlockedReasonIsAppNotAuthorized() {
    let error = ServerErrorMapping.error(
        httpStatus: 403,
        body: emulatorBody("Requests from referer are blocked.", status: 403, reason: "ipRefererBlocked"))
    #expect(error.code == .appNotAuthorized)
}

@Test func knownMessageWinsOverTheReasons() {
    let error = ServerErrorMapping.error(httpStatus: 400, body: emulatorBody("EMAIL_EXISTS", reason: "keyInvalid"))
    #expect(error.code == .emailAlreadyInUse)
}

@Test func status429IsTooManyRequestsUnlessTheMessageSaysMore() {
    #expect(ServerErrorMapping.error(httpStatus: 429, body: Array("Too Many Requests".utf8)).code == .tooManyRequests)
    let unknown = ServerErrorMapping.error(
        httpStatus: 429, body: emulatorBody("RESOURCE_EXHAUSTED", status: 429, reason: "rateLimitExceeded"))
    #expect(unknown.code == .tooManyRequests)
    #expect(unknown.server == ServerDetail(status: 429, message: "RESOURCE_EXHAUSTED"))
    #expect(
        ServerErrorMapping.error(httpStatus: 429, body: emulatorBody("QUOTA_EXCEEDED", status: 429)).code
            == .quotaExceeded)
}

@Test(arguments: [502, 503, 504])
func gatewayStatusesAreServiceUnavailable(status: Int) {
    let html = ServerErrorMapping.error(httpStatus: status, body: Array("<html>Bad Gateway</html>".utf8))
    #expect(html.code == .serviceUnavailable)
    #expect(html.isRetryableForTest)
    #expect(html.server == ServerDetail(status: status, message: nil))
    let json = ServerErrorMapping.error(
        httpStatus: status, body: emulatorBody("The service is currently unavailable.", status: status))
    #expect(json.code == .serviceUnavailable)
}

@Test func status500WithAnUnknownMessageIsInternalError() {
    let error = ServerErrorMapping.error(httpStatus: 500, body: emulatorBody("UNKNOWN", status: 500))
    #expect(error.code == .internalError)
    #expect(error.server == ServerDetail(status: 500, message: "UNKNOWN"))
}

@Test(arguments: [301, 302, 307, 308])
func redirectsAreInternalErrors(status: Int) {
    let error = ServerErrorMapping.error(httpStatus: status, body: [])
    #expect(error.code == .internalError)
    #expect(error.message.contains("redirect"))
    #expect(error.server?.status == status)
    let withMessage = ServerErrorMapping.error(
        httpStatus: status, body: emulatorBody("EMAIL_EXISTS", status: status), location: "/x?key=REDACTED")
    #expect(withMessage.code == .internalError, "a redirect is never mapped by its body")
    #expect(
        withMessage.message
            == "The server answered \(status) (a redirect to /x?key=REDACTED), which fauth does not follow.")
}

@Test(arguments: [
    "", "not json", "[]", "{}", #"{"error":"EMAIL_EXISTS"}"#, #"{"error":{"code":400}}"#, #"{"error":{"message":17}}"#,
])
func bodiesWithoutAnErrorMessageAreInternalErrorsWithTheStatus(body: String) {
    let error = ServerErrorMapping.error(httpStatus: 400, body: Array(body.utf8))
    #expect(error.code == .internalError)
    #expect(error.server == ServerDetail(status: 400, message: nil))
    #expect(error.message.contains("400"))
}

@Test func unknownMessagesAreInternalErrorsKeptVerbatim() {
    let message = "Invalid JSON payload received. /mfa/enrollments must be array"
    let error = ServerErrorMapping.error(httpStatus: 400, body: emulatorBody(message))
    #expect(error.code == .internalError)
    #expect(error.exitStatus == 1)
    #expect(error.server == ServerDetail(status: 400, message: message))
    #expect(error.message.hasSuffix(message))
    let soft = ServerErrorMapping.error(serverMessage: "INVALID_GRANT_TYPE : x", httpStatus: 200)
    #expect(soft.code == .internalError)
    #expect(soft.server == ServerDetail(status: 200, message: "INVALID_GRANT_TYPE : x"))
}

extension FauthError {
    fileprivate var isRetryableForTest: Bool { code.isRetryable }
}

/// A lone surrogate escape in the server's message (not valid JSON text, but what a broken server sends) does not
/// lose the message: it is read with U+FFFD in the surrogate's place, never as "without an error message".
@Test(arguments: [#"WEIRD\ud800 thing"#, #"WEIRD\udc00"#, #"WEIRD\ud800\u0041"#])
func aLoneSurrogateInTheServersMessageKeepsTheMessage(_ escaped: String) {
    let body = Array(#"{"error": {"code": 400, "message": "\#(escaped)"}}"#.utf8)
    let error = ServerErrorMapping.error(httpStatus: 400, body: body)
    #expect(!error.message.contains("without an error message"), "\(error.message)")
    #expect(error.server?.message?.hasPrefix("WEIRD\u{FFFD}") == true, "\(String(describing: error.server?.message))")
    #expect(error.message.contains("WEIRD\u{FFFD}"))
}
