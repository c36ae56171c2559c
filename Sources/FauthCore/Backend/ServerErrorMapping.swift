import FauthJSON
import FauthText

/// Turns what the backend answered (an error body, or a soft `errorMessage`) into a `FauthError`
/// (`docs/design/errors.md`).
///
/// The message is split at its first `:`; both halves are trimmed and the first is matched exactly against
/// `codesByMessage`: the Apple SDK's table (docs/design/firebase-compatibility.md, "Server messages"), every row, plus
/// the additions marked below. fauth improves on the SDK where it falls short:
///
/// | server says | fauth code | SDK gives |
/// |---|---|---|
/// | `API key not valid…`, `details[].reason` `API_KEY_INVALID` or `API_KEY_EXPIRED`, `The request is missing a valid API key.`, `MISSING_API_KEY` | invalid-api-key | internal-error |
/// | `details[].reason` `API_KEY_HTTP_REFERRER_BLOCKED`, `API_KEY_IP_ADDRESS_BLOCKED`, `API_KEY_ANDROID_APP_BLOCKED`, `API_KEY_IOS_APP_BLOCKED`, `API_KEY_SERVICE_BLOCKED` (a key restricted to other clients or APIs) | app-not-authorized | internal-error |
/// | `INVALID_REFRESH_TOKEN`, `MISSING_REFRESH_TOKEN`, `MISSING_ID_TOKEN` | invalid-user-token | internal-error |
/// | `PROJECT_NOT_FOUND`, `CONFIGURATION_NOT_FOUND` | project-not-found | internal-error |
/// | `PROJECT_DISABLED` (emulator: a tenant with auth disabled) | operation-not-allowed | internal-error |
/// | `MISSING_PASSWORD` (emulator; fauth checks empty passwords before sending) | weak-password, reason "Missing password" | internal-error |
/// | `PHONE_NUMBER_EXISTS` (emulator, accounts:update) | credential-already-in-use | internal-error |
/// | `MISSING_CUSTOM_TOKEN` (emulator) | invalid-custom-token | internal-error |
/// | `INVALID_CREDENTIAL_OR_PROVIDER_ID`, `INVALID_TEMPORARY_PROOF` (emulator) | invalid-credential | internal-error |
/// | `MISSING_OOB_CODE` (emulator) | invalid-action-code | internal-error |
/// | `MISSING_NEW_EMAIL` (emulator) | missing-email | internal-error |
/// | `MISSING_PHONE_NUMBER` (emulator) | missing-phone-number | internal-error |
/// | `INVALID_MFA_PHONE_NUMBER` (emulator) | invalid-phone-number | internal-error |
/// | `MISSING_CODE`, `MISSING_SESSION_INFO` (emulator) | missing-verification-code, missing-verification-id | internal-error |
/// | `MISSING_CREDENTIAL` (emulator: "Please set MFA Pending Credential.") | missing-multi-factor-session | internal-error |
/// | `RECAPTCHA_NOT_ENABLED`, `MISSING_RECAPTCHA_TOKEN`, `INVALID_RECAPTCHA_TOKEN`, `INVALID_RECAPTCHA_ACTION`, `MISSING_CLIENT_TYPE`, `MISSING_RECAPTCHA_VERSION`, `INVALID_RECAPTCHA_VERSION`, `INVALID_REQ_TYPE` | the SDK code of the same name | internal-error |
/// | HTTP 429 with no known message | too-many-requests | internal-error |
/// | HTTP 502, 503, 504 with no known message | service-unavailable | internal-error |
/// | a 3xx (never followed, whatever its body) | internal-error, saying so and where to | internal-error |
/// | body not JSON, not an object, or without `error.message` | internal-error with the status | internal-error |
/// | any other message | internal-error; the message names it and `server.message` keeps it verbatim | internal-error |
///
/// `message` is the detail when there is one, else the code's default text; the detail goes to `reason` instead for
/// `WEAK_PASSWORD` and `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`, and is dropped (as by the SDK) for `EMAIL_EXISTS`,
/// `MISSING_IOS_APP_TOKEN`, `TENANT_ID_MISMATCH` and `UNSUPPORTED_TENANT_OPERATION`. Request bodies are never echoed.
package enum ServerErrorMapping {
    /// Maps a non-2xx answer (status, raw body and, for a redirect, its `Location`) to an error; never fails. A 3xx
    /// is never followed, whatever its body says. The caller hides secrets from the error (`SecretRedaction`).
    package static func error(httpStatus: Int, body: [UInt8], location: String? = nil) -> FauthError {
        if (300..<400).contains(httpStatus) {
            let target = location.map { " to \($0)" } ?? ""
            return FauthError(
                .internalError,
                message: "The server answered \(httpStatus) (a redirect\(target)), which fauth does not follow.",
                server: ServerDetail(status: httpStatus))
        }
        // A lone surrogate escape in the message keeps the message (with U+FFFD), rather than losing it as not JSON.
        let errorObject = (try? JSONValue.parse(body, replacingLoneSurrogates: true))?["error"]
        let serverMessage = errorObject?["message"]?.string
        let server = ServerDetail(status: httpStatus, message: serverMessage)
        if let serverMessage, let known = knownError(serverMessage: serverMessage, httpStatus: httpStatus) {
            return known
        }
        let reasons = reasons(in: errorObject, member: "errors")
        let details = Set(self.reasons(in: errorObject, member: "details"))
        if reasons.contains(where: { $0.hasPrefix("keyInvalid") }) || !details.isDisjoint(with: invalidKeyReasons) {
            return FauthError(.invalidAPIKey, server: server)
        }
        if reasons.contains("ipRefererBlocked") || !details.isDisjoint(with: blockedKeyReasons) {
            return FauthError(.appNotAuthorized, server: server)
        }
        switch httpStatus {
        case 429:
            return FauthError(.tooManyRequests, server: server)
        case 502, 503, 504:
            return FauthError(.serviceUnavailable, server: server)
        default:
            break
        }
        if let serverMessage {
            return unknownError(serverMessage: serverMessage, httpStatus: httpStatus)
        }
        return FauthError(
            .internalError, message: "The server answered HTTP \(httpStatus) without an error message.", server: server)
    }

    /// Maps a server message (from `error.message`, or a 200's `errorMessage`) to an error; never fails.
    package static func error(serverMessage: String, httpStatus: Int) -> FauthError {
        knownError(serverMessage: serverMessage, httpStatus: httpStatus)
            ?? unknownError(serverMessage: serverMessage, httpStatus: httpStatus)
    }

    /// Splits a server message at its first `:` into the trimmed code part and the trimmed detail (empty if none).
    static func split(_ serverMessage: String) -> (short: String, detail: String) {
        guard let colon = serverMessage.firstIndex(of: ":") else {
            return (serverMessage.trimming(\.isWhitespace), "")
        }
        let detail = serverMessage[serverMessage.index(after: colon)...]
        return (serverMessage[..<colon].trimming(\.isWhitespace), detail.trimming(\.isWhitespace))
    }

    /// The error for a message fauth knows, nil for any other.
    private static func knownError(serverMessage: String, httpStatus: Int) -> FauthError? {
        let server = ServerDetail(status: httpStatus, message: serverMessage)
        let (short, detail) = split(serverMessage)
        if serverMessage.hasPrefix("API key not valid") || serverMessage == "The request is missing a valid API key." {
            return FauthError(.invalidAPIKey, server: server)
        }
        // A value longer or shorter than the server's schema allows ("Invalid JSON payload received. /displayName must
        // be at most 256 characters") is the user's to fix; a field of the wrong type or shape stays fauth's own fault.
        if serverMessage.hasPrefix("Invalid JSON payload received."),
            ["at most", "at least", "more than", "fewer than"].contains(where: { serverMessage.contains(text: $0) })
        {
            return FauthError(
                .invalidArgument, message: "The server refused a value in the request: \(serverMessage)", server: server
            )
        }
        guard let code = codesByMessage[short] else {
            return nil
        }
        switch short {
        case "WEAK_PASSWORD", "PASSWORD_DOES_NOT_MEET_REQUIREMENTS":
            return FauthError(code, reason: detail.isEmpty ? nil : detail, server: server)
        case "MISSING_PASSWORD":
            return FauthError(code, reason: "Missing password", server: server)
        case "EMAIL_EXISTS", "MISSING_IOS_APP_TOKEN", "TENANT_ID_MISMATCH", "UNSUPPORTED_TENANT_OPERATION":
            return FauthError(code, server: server)
        case "BLOCKING_FUNCTION_ERROR_RESPONSE":
            return FauthError(code, message: blockingFunctionMessage(detail), server: server)
        default:
            return FauthError(code, message: detail, server: server)
        }
    }

    /// internal-error for a message fauth does not know; the message names the server's text.
    private static func unknownError(serverMessage: String, httpStatus: Int) -> FauthError {
        FauthError(
            .internalError,
            message: "The server reported an error fauth does not know (HTTP \(httpStatus)): \(serverMessage)",
            server: ServerDetail(status: httpStatus, message: serverMessage))
    }

    /// The message a blocking function gave: `error.message` of the first balanced `{…}` in the detail; the whole
    /// detail when there is no JSON there; nil (the default text) when the JSON has no message.
    private static func blockingFunctionMessage(_ detail: String) -> String? {
        let bytes = Array(detail.utf8)
        guard let start = bytes.firstIndex(of: UInt8(ascii: "{")) else {
            return detail
        }
        var depth = 0
        for index in start..<bytes.count {
            if bytes[index] == UInt8(ascii: "{") {
                depth += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 {
                    guard let json = try? JSONValue.parse(Array(bytes[start...index])) else {
                        return detail
                    }
                    return json["error"]?["message"]?.string
                }
            }
        }
        return detail
    }

    /// The `reason` strings of the objects in `error.<member>` (`errors` or `details`).
    private static func reasons(in errorObject: JSONValue?, member: String) -> [String] {
        (errorObject?[member]?.array ?? []).compactMap { $0["reason"]?.string }
    }

    /// Google's `ErrorInfo` reasons (`error.details[].reason`) for a key that is wrong or expired.
    private static let invalidKeyReasons: Set<String> = ["API_KEY_INVALID", "API_KEY_EXPIRED"]

    /// Google's `ErrorInfo` reasons for a valid key that is restricted to other clients or APIs.
    private static let blockedKeyReasons: Set<String> = [
        "API_KEY_HTTP_REFERRER_BLOCKED", "API_KEY_IP_ADDRESS_BLOCKED", "API_KEY_ANDROID_APP_BLOCKED",
        "API_KEY_IOS_APP_BLOCKED", "API_KEY_SERVICE_BLOCKED",
    ]

    /// Server message (the part before the first `:`) → code. Rows after "fauth's additions" are not in the SDK.
    static let codesByMessage: [String: ErrorCode] = [
        // The Apple SDK's table, every row.
        "USER_NOT_FOUND": .userNotFound,
        "EMAIL_NOT_FOUND": .userNotFound,
        "MISSING_CONTINUE_URI": .missingContinueURI,
        "INVALID_IDENTIFIER": .invalidEmail,
        "INVALID_EMAIL": .invalidEmail,
        "INVALID_ID_TOKEN": .invalidUserToken,
        "TOKEN_EXPIRED": .userTokenExpired,
        "CREDENTIAL_TOO_OLD_LOGIN_AGAIN": .requiresRecentLogin,
        "EMAIL_EXISTS": .emailAlreadyInUse,
        "OPERATION_NOT_ALLOWED": .operationNotAllowed,
        "PASSWORD_LOGIN_DISABLED": .operationNotAllowed,
        "USER_DISABLED": .userDisabled,
        "EXPIRED_OOB_CODE": .expiredActionCode,
        "INVALID_OOB_CODE": .invalidActionCode,
        "INVALID_MESSAGE_PAYLOAD": .invalidMessagePayload,
        "INVALID_SENDER": .invalidSender,
        "INVALID_RECIPIENT_EMAIL": .invalidRecipientEmail,
        "WEAK_PASSWORD": .weakPassword,
        "TOO_MANY_ATTEMPTS_TRY_LATER": .tooManyRequests,
        "MISSING_EMAIL": .missingEmail,
        "MISSING_IOS_BUNDLE_ID": .missingIosBundleID,
        "MISSING_ANDROID_PACKAGE_NAME": .missingAndroidPackageName,
        "UNAUTHORIZED_DOMAIN": .unauthorizedDomain,
        "INVALID_CONTINUE_URI": .invalidContinueURI,
        "INVALID_PASSWORD": .wrongPassword,
        "INVALID_LOGIN_CREDENTIALS": .invalidCredential,
        "INVALID_IDP_RESPONSE": .invalidCredential,
        "INVALID_PENDING_TOKEN": .invalidCredential,
        "INVALID_CUSTOM_TOKEN": .invalidCustomToken,
        "CREDENTIAL_MISMATCH": .customTokenMismatch,
        "FEDERATED_USER_ID_ALREADY_LINKED": .credentialAlreadyInUse,
        "INVALID_PHONE_NUMBER": .invalidPhoneNumber,
        "QUOTA_EXCEEDED": .quotaExceeded,
        "APP_NOT_VERIFIED": .appNotVerified,
        "CAPTCHA_CHECK_FAILED": .captchaCheckFailed,
        "INVALID_APP_CREDENTIAL": .invalidAppCredential,
        "MISSING_APP_CREDENTIAL": .missingAppCredential,
        "INVALID_CODE": .invalidVerificationCode,
        "INVALID_SESSION_INFO": .invalidVerificationID,
        "SESSION_EXPIRED": .sessionExpired,
        "INVALID_HOSTING_LINK_DOMAIN": .invalidHostingLinkDomain,
        "ADMIN_ONLY_OPERATION": .adminRestrictedOperation,
        "BLOCKING_FUNCTION_ERROR_RESPONSE": .blockingCloudFunctionError,
        "EMAIL_CHANGE_NEEDS_VERIFICATION": .emailChangeNeedsVerification,
        "INVALID_MFA_PENDING_CREDENTIAL": .invalidMultiFactorSession,
        "INVALID_PROVIDER_ID": .invalidProviderID,
        "MFA_ENROLLMENT_NOT_FOUND": .multiFactorInfoNotFound,
        "MISSING_CLIENT_IDENTIFIER": .missingClientIdentifier,
        "MISSING_IOS_APP_TOKEN": .missingAppToken,
        "MISSING_MFA_ENROLLMENT_ID": .missingMultiFactorInfo,
        "MISSING_MFA_PENDING_CREDENTIAL": .missingMultiFactorSession,
        "MISSING_OR_INVALID_NONCE": .missingOrInvalidNonce,
        "PASSWORD_DOES_NOT_MEET_REQUIREMENTS": .passwordDoesNotMeetRequirements,
        "SECOND_FACTOR_EXISTS": .secondFactorAlreadyEnrolled,
        "SECOND_FACTOR_LIMIT_EXCEEDED": .maximumSecondFactorCountExceeded,
        "TENANT_ID_MISMATCH": .tenantIDMismatch,
        "UNSUPPORTED_FIRST_FACTOR": .unsupportedFirstFactor,
        "UNSUPPORTED_TENANT_OPERATION": .unsupportedTenantOperation,
        "UNVERIFIED_EMAIL": .unverifiedEmail,
        // fauth's additions (see the table above).
        "MISSING_API_KEY": .invalidAPIKey,
        "INVALID_REFRESH_TOKEN": .invalidUserToken,
        "MISSING_REFRESH_TOKEN": .invalidUserToken,
        "MISSING_ID_TOKEN": .invalidUserToken,
        "PROJECT_NOT_FOUND": .projectNotFound,
        "CONFIGURATION_NOT_FOUND": .projectNotFound,
        "PROJECT_DISABLED": .operationNotAllowed,
        "MISSING_PASSWORD": .weakPassword,
        "PHONE_NUMBER_EXISTS": .credentialAlreadyInUse,
        "MISSING_CUSTOM_TOKEN": .invalidCustomToken,
        "INVALID_CREDENTIAL_OR_PROVIDER_ID": .invalidCredential,
        "INVALID_TEMPORARY_PROOF": .invalidCredential,
        "MISSING_OOB_CODE": .invalidActionCode,
        "MISSING_NEW_EMAIL": .missingEmail,
        "MISSING_PHONE_NUMBER": .missingPhoneNumber,
        "INVALID_MFA_PHONE_NUMBER": .invalidPhoneNumber,
        "MISSING_CODE": .missingVerificationCode,
        "MISSING_SESSION_INFO": .missingVerificationID,
        "MISSING_CREDENTIAL": .missingMultiFactorSession,
        "RECAPTCHA_NOT_ENABLED": .recaptchaNotEnabled,
        "MISSING_RECAPTCHA_TOKEN": .missingRecaptchaToken,
        "INVALID_RECAPTCHA_TOKEN": .invalidRecaptchaToken,
        "INVALID_RECAPTCHA_ACTION": .invalidRecaptchaAction,
        "MISSING_CLIENT_TYPE": .missingClientType,
        "MISSING_RECAPTCHA_VERSION": .missingRecaptchaVersion,
        "INVALID_RECAPTCHA_VERSION": .invalidRecaptchaVersion,
        "INVALID_REQ_TYPE": .invalidReqType,
    ]
}
