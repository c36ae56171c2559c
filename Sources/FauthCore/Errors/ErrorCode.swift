// Over 300 lines on purpose: this is the error catalogue, each code's status category, message and SDK identity side
// by side, so that adding a code touches one file and the compiler checks every switch for it.

/// Every failure fauth reports, as a stable kebab-case code (the raw value), see `docs/design/errors.md`.
///
/// The Apple SDK's `AuthErrorCode` cases a command-line client can meet keep the SDK's case name (kebab-cased),
/// `ERROR_…` name and 17xxx number. Left out, because only an app with a UI, APNs, GameKit or the reCAPTCHA SDK
/// meets them: notificationNotForwarded, webContextAlreadyPresented, webContextCancelled,
/// appVerificationUserInteractionFailure, invalidClientID, webNetworkRequestFailed, webInternalError,
/// webSignInUserInteractionFailure, localPlayerNotAuthenticated, nullUser, rejectedCredential, gameKitNotLinked,
/// recaptchaSDKNotLinked, recaptchaSiteKeyMissing and recaptchaActionCreationFailed. `keychain-error` is the system's
/// secret store (the Secret Service) failing; a session file fauth cannot use is `session-store-error`.
///
/// fauth's own codes (`usage`, `cancelled`, `not-signed-in`, `session-store-error`, `service-unavailable`,
/// `interrupted`, `terminated`, `hangup`, `quit`, `session-busy`, `project-not-found`, `session-backend-mismatch`,
/// `certificate-error`, `proxy-refused`, `response-too-large`, `invalid-argument`, `io-error`, `server-changed`) have
/// no SDK name or number.
///
/// The Admin SDKs' codes for a refused token (`id-token-expired`, `invalid-session-cookie`, …) have no Apple SDK name
/// or number either: an app never verifies tokens.
package enum ErrorCode: String, Sendable, CaseIterable {
    // The Apple SDK's codes, in the SDK's order.
    case invalidCustomToken = "invalid-custom-token"
    case customTokenMismatch = "custom-token-mismatch"
    case invalidCredential = "invalid-credential"
    case userDisabled = "user-disabled"
    case operationNotAllowed = "operation-not-allowed"
    case emailAlreadyInUse = "email-already-in-use"
    case invalidEmail = "invalid-email"
    case wrongPassword = "wrong-password"
    case tooManyRequests = "too-many-requests"
    case userNotFound = "user-not-found"
    case accountExistsWithDifferentCredential = "account-exists-with-different-credential"
    case requiresRecentLogin = "requires-recent-login"
    case providerAlreadyLinked = "provider-already-linked"
    case noSuchProvider = "no-such-provider"
    case invalidUserToken = "invalid-user-token"
    case networkError = "network-error"
    case userTokenExpired = "user-token-expired"
    case invalidAPIKey = "invalid-api-key"
    case userMismatch = "user-mismatch"
    case credentialAlreadyInUse = "credential-already-in-use"
    case weakPassword = "weak-password"
    case appNotAuthorized = "app-not-authorized"
    case expiredActionCode = "expired-action-code"
    case invalidActionCode = "invalid-action-code"
    case invalidMessagePayload = "invalid-message-payload"
    case invalidSender = "invalid-sender"
    case invalidRecipientEmail = "invalid-recipient-email"
    case missingEmail = "missing-email"
    case missingIosBundleID = "missing-ios-bundle-id"
    case missingAndroidPackageName = "missing-android-package-name"
    case unauthorizedDomain = "unauthorized-domain"
    case invalidContinueURI = "invalid-continue-uri"
    case missingContinueURI = "missing-continue-uri"
    case missingPhoneNumber = "missing-phone-number"
    case invalidPhoneNumber = "invalid-phone-number"
    case missingVerificationCode = "missing-verification-code"
    case invalidVerificationCode = "invalid-verification-code"
    case missingVerificationID = "missing-verification-id"
    case invalidVerificationID = "invalid-verification-id"
    case missingAppCredential = "missing-app-credential"
    case invalidAppCredential = "invalid-app-credential"
    case sessionExpired = "session-expired"
    case quotaExceeded = "quota-exceeded"
    case missingAppToken = "missing-app-token"
    case appNotVerified = "app-not-verified"
    case captchaCheckFailed = "captcha-check-failed"
    case invalidProviderID = "invalid-provider-id"
    case tenantIDMismatch = "tenant-id-mismatch"
    case unsupportedTenantOperation = "unsupported-tenant-operation"
    case invalidHostingLinkDomain = "invalid-hosting-link-domain"
    case secondFactorRequired = "second-factor-required"
    case missingMultiFactorSession = "missing-multi-factor-session"
    case missingMultiFactorInfo = "missing-multi-factor-info"
    case invalidMultiFactorSession = "invalid-multi-factor-session"
    case multiFactorInfoNotFound = "multi-factor-info-not-found"
    case adminRestrictedOperation = "admin-restricted-operation"
    case unverifiedEmail = "unverified-email"
    case secondFactorAlreadyEnrolled = "second-factor-already-enrolled"
    case maximumSecondFactorCountExceeded = "maximum-second-factor-count-exceeded"
    case unsupportedFirstFactor = "unsupported-first-factor"
    case emailChangeNeedsVerification = "email-change-needs-verification"
    case missingClientIdentifier = "missing-client-identifier"
    case missingOrInvalidNonce = "missing-or-invalid-nonce"
    case blockingCloudFunctionError = "blocking-cloud-function-error"
    case recaptchaNotEnabled = "recaptcha-not-enabled"
    case missingRecaptchaToken = "missing-recaptcha-token"
    case invalidRecaptchaToken = "invalid-recaptcha-token"
    case invalidRecaptchaAction = "invalid-recaptcha-action"
    case missingClientType = "missing-client-type"
    case missingRecaptchaVersion = "missing-recaptcha-version"
    case invalidRecaptchaVersion = "invalid-recaptcha-version"
    case invalidReqType = "invalid-req-type"
    case passwordDoesNotMeetRequirements = "password-does-not-meet-requirements"
    case internalError = "internal-error"
    case malformedJWT = "malformed-jwt"
    /// The Secret Service that holds (or must hold) the session's secrets is missing, locked, refused or timed out.
    case keychainError = "keychain-error"

    // fauth's own codes.
    case usage
    case cancelled
    case notSignedIn = "not-signed-in"
    case sessionStoreError = "session-store-error"
    case serviceUnavailable = "service-unavailable"
    case projectNotFound = "project-not-found"
    case sessionBackendMismatch = "session-backend-mismatch"
    case certificateError = "certificate-error"
    case proxyRefused = "proxy-refused"
    case responseTooLarge = "response-too-large"
    case invalidArgument = "invalid-argument"
    case ioError = "io-error"
    /// The server was changed (an account created, changed or deleted), then fauth failed locally: never retryable.
    case serverChanged = "server-changed"
    case interrupted
    case terminated
    case hangup
    case quit
    case sessionBusy = "session-busy"

    // The Admin SDKs' codes for a token `verify-token` refuses (their `auth/…` names without the prefix).
    case idTokenExpired = "id-token-expired"
    case idTokenRevoked = "id-token-revoked"
    case invalidIdToken = "invalid-id-token"
    case sessionCookieExpired = "session-cookie-expired"
    case sessionCookieRevoked = "session-cookie-revoked"
    case invalidSessionCookie = "invalid-session-cookie"

    /// The Apple SDK's `ERROR_…` name, nil for fauth's own codes.
    package var name: String? { sdkIdentity?.name }

    /// The Apple SDK's 17xxx number, nil for fauth's own codes.
    package var number: Int? { sdkIdentity?.number }

    /// The code's exit category, from which its exit status, action and retryability come (`docs/design/errors.md`,
    /// "Exit status").
    package var category: ExitCategory {
        switch self {
        case .internalError, .malformedJWT, .blockingCloudFunctionError, .invalidReqType, .ioError, .responseTooLarge:
            return .failed
        case .usage:
            return .usage
        case .cancelled:
            return .cancelled
        case .notSignedIn, .userTokenExpired, .invalidUserToken, .serverChanged:
            return .signInRequired
        case .requiresRecentLogin:
            return .recentSignInRequired
        case .wrongPassword, .invalidCredential, .invalidCustomToken, .customTokenMismatch, .userNotFound,
            .userDisabled, .userMismatch, .missingOrInvalidNonce, .invalidVerificationCode, .invalidVerificationID,
            .sessionExpired, .invalidMultiFactorSession, .missingMultiFactorSession, .idTokenExpired, .idTokenRevoked,
            .invalidIdToken, .sessionCookieExpired, .sessionCookieRevoked, .invalidSessionCookie:
            return .credentialsRejected
        case .emailAlreadyInUse, .credentialAlreadyInUse, .providerAlreadyLinked,
            .accountExistsWithDifferentCredential, .noSuchProvider, .secondFactorAlreadyEnrolled,
            .maximumSecondFactorCountExceeded:
            return .conflict
        case .invalidEmail, .missingEmail, .weakPassword, .passwordDoesNotMeetRequirements, .invalidProviderID,
            .invalidActionCode, .expiredActionCode, .invalidPhoneNumber, .missingPhoneNumber,
            .invalidRecipientEmail, .missingIosBundleID, .missingAndroidPackageName, .invalidContinueURI,
            .missingContinueURI, .missingVerificationCode, .missingVerificationID, .missingMultiFactorInfo,
            .multiFactorInfoNotFound, .unverifiedEmail, .emailChangeNeedsVerification, .unsupportedFirstFactor,
            .invalidArgument:
            return .inputRejected
        case .secondFactorRequired:
            return .secondFactorRequired
        case .networkError, .tooManyRequests, .quotaExceeded, .serviceUnavailable, .sessionBusy:
            return .temporary
        case .invalidAPIKey, .appNotAuthorized, .operationNotAllowed, .adminRestrictedOperation, .tenantIDMismatch,
            .unsupportedTenantOperation, .unauthorizedDomain, .projectNotFound, .invalidMessagePayload,
            .invalidSender, .invalidHostingLinkDomain, .missingClientIdentifier, .missingAppToken, .appNotVerified,
            .captchaCheckFailed, .missingAppCredential, .invalidAppCredential, .recaptchaNotEnabled,
            .missingRecaptchaToken, .invalidRecaptchaToken, .invalidRecaptchaAction, .missingClientType,
            .missingRecaptchaVersion, .invalidRecaptchaVersion, .sessionBackendMismatch, .certificateError,
            .proxyRefused:
            return .configuration
        case .sessionStoreError, .keychainError:
            return .sessionFile
        case .interrupted:
            return .interrupted
        case .terminated:
            return .terminated
        case .hangup:
            return .hangup
        case .quit:
            return .quit
        }
    }

    /// The process exit status for this code: a pure function of the code.
    package var exitStatus: Int32 { category.exitStatus }

    /// What to do next: the category's action.
    package var action: ErrorAction { category.action }

    /// Whether the same command may simply be run again, later: the temporary failures (exit 10), which are also
    /// the answers fauth itself retries, within `--timeout`, for calls that are safe to repeat.
    package var isRetryable: Bool { category.isRetryable }

    /// The English description used when the server gives no detail (the SDK's wording where it has one).
    package var defaultMessage: String {
        switch self {
        case .invalidCustomToken: return "The custom token format is incorrect. Please check the documentation."
        case .customTokenMismatch: return "The custom token corresponds to a different audience."
        case .invalidCredential: return "The supplied auth credential is malformed or has expired."
        case .userDisabled: return "The user account has been disabled by an administrator."
        case .operationNotAllowed:
            return
                "The given sign-in provider is disabled for this Firebase project. Enable it in the Firebase console."
        case .emailAlreadyInUse: return "The email address is already in use by another account."
        case .invalidEmail: return "The email address is badly formatted."
        case .wrongPassword: return "The password is invalid or the user does not have a password."
        case .tooManyRequests:
            return "Requests from this client are blocked for now because of unusual activity. Try again later."
        case .userNotFound:
            return "There is no user record corresponding to this identifier. The user may have been deleted."
        case .accountExistsWithDifferentCredential:
            return "An account already exists with the same email address but different sign-in credentials. "
                + "Sign in using a provider associated with this email address."
        case .requiresRecentLogin:
            return "This operation is sensitive and requires recent authentication. Sign in again before retrying."
        case .providerAlreadyLinked: return "The user is already linked to an account of this provider."
        case .noSuchProvider: return "User was not linked to an account with the given provider."
        case .invalidUserToken:
            return "This user's credential isn't valid for this project. The user must sign in again."
        case .networkError:
            return "Network error (such as timeout, interrupted connection or unreachable host) has occurred."
        case .userTokenExpired: return "The user's credential is no longer valid. The user must sign in again."
        case .invalidAPIKey: return "An invalid API Key was supplied in the request."
        case .userMismatch: return "The supplied credentials do not correspond to the previously signed in user."
        case .credentialAlreadyInUse: return "This credential is already associated with a different user account."
        case .weakPassword: return "The password must be 6 characters long or more."
        case .appNotAuthorized:
            return "This client is not authorized to use Firebase Authentication with the provided API key."
        case .expiredActionCode: return "The action code has expired."
        case .invalidActionCode:
            return "The action code is invalid. The code may be malformed, expired, or already used."
        case .invalidMessagePayload:
            return "The email template for this action contains invalid characters in its message."
        case .invalidSender: return "The email template for this action contains an invalid sender email or name."
        case .invalidRecipientEmail: return "The recipient email address is invalid."
        case .missingEmail: return "An email address must be provided."
        case .missingIosBundleID: return "An iOS Bundle ID must be provided if an App Store ID is provided."
        case .missingAndroidPackageName:
            return "An Android Package Name must be provided if the Android App is required to be installed."
        case .unauthorizedDomain:
            return "The domain of the continue URL is not allowlisted. Allowlist the domain in the Firebase console."
        case .invalidContinueURI: return "The continue URL provided in the request is invalid."
        case .missingContinueURI: return "A continue URL must be provided in the request."
        case .missingPhoneNumber: return "To send verification codes, provide a phone number for the recipient."
        case .invalidPhoneNumber: return "The format of the phone number provided is incorrect."
        case .missingVerificationCode: return "The verification code is missing."
        case .invalidVerificationCode: return "The verification code is invalid."
        case .missingVerificationID: return "The verification ID is missing."
        case .invalidVerificationID: return "The verification ID used to create the phone auth credential is invalid."
        case .missingAppCredential: return "The phone verification request is missing an app credential."
        case .invalidAppCredential: return "The app credential of the phone verification request is invalid."
        case .sessionExpired: return "The SMS code has expired. Re-send the verification code to try again."
        case .quotaExceeded: return "The quota for this operation has been exceeded."
        case .missingAppToken: return "The phone verification request is missing an app token."
        case .appNotVerified: return "Firebase could not verify this app for phone number sign-in."
        case .captchaCheckFailed: return "The reCAPTCHA response token is invalid, expired or already used."
        case .invalidProviderID: return "The provider ID is invalid."
        case .tenantIDMismatch: return "The user's tenant ID does not match the configured tenant ID."
        case .unsupportedTenantOperation: return "This operation is not supported in a multi-tenant context."
        case .invalidHostingLinkDomain:
            return
                "The provided hosting link domain is not configured in Firebase Hosting or is not owned by the project."
        case .secondFactorRequired:
            return "Complete a second factor challenge to finish signing into this account."
        case .missingMultiFactorSession: return "The request is missing proof of first factor successful sign-in."
        case .missingMultiFactorInfo: return "No second factor identifier is provided."
        case .invalidMultiFactorSession:
            return "The request does not contain a valid proof of first factor successful sign-in."
        case .multiFactorInfoNotFound: return "The user does not have a second factor matching the identifier provided."
        case .adminRestrictedOperation: return "This operation is restricted to administrators only."
        case .unverifiedEmail: return "The operation requires a verified email."
        case .secondFactorAlreadyEnrolled: return "The second factor is already enrolled on this account."
        case .maximumSecondFactorCountExceeded:
            return "The maximum allowed number of second factors on a user has been exceeded."
        case .unsupportedFirstFactor:
            return
                "Enrolling a second factor or signing in with a multi-factor account requires sign-in with a supported first factor."
        case .emailChangeNeedsVerification: return "Multi-factor users must always have a verified email."
        case .missingClientIdentifier: return "The request does not contain a client identifier."
        case .missingOrInvalidNonce: return "The request contains malformed or mismatched credentials."
        case .blockingCloudFunctionError: return "Blocking cloud function returned an error."
        case .recaptchaNotEnabled: return "reCAPTCHA Enterprise is not enabled for this project."
        case .missingRecaptchaToken: return "The backend request is missing the reCAPTCHA verification token."
        case .invalidRecaptchaToken: return "The reCAPTCHA verification token is invalid or has expired."
        case .invalidRecaptchaAction: return "The reCAPTCHA verification failed due to an invalid action."
        case .missingClientType: return "The request is missing a client type or the client type is invalid."
        case .missingRecaptchaVersion: return "The request is missing the reCAPTCHA version parameter."
        case .invalidRecaptchaVersion: return "The request specifies an invalid version of reCAPTCHA."
        case .invalidReqType: return "The request is not supported or is invalid."
        case .passwordDoesNotMeetRequirements: return "Missing password requirements."
        case .internalError: return "An internal error has occurred."
        case .malformedJWT: return "Failed to parse the JWT."
        case .usage: return "The command line is invalid."
        case .cancelled: return "The operation was cancelled."
        case .notSignedIn: return "No user is signed in."
        case .sessionStoreError: return "The session file cannot be used."
        case .keychainError: return "The system's secret store (the Secret Service) cannot be used."
        case .serviceUnavailable: return "The service is unavailable. Try again later."
        case .projectNotFound: return "The Firebase project or its Authentication configuration was not found."
        case .sessionBackendMismatch: return "The session belongs to another backend than the one this command names."
        case .certificateError: return "The server's TLS certificate could not be verified."
        case .proxyRefused: return "The proxy refused to open a tunnel to the server."
        case .responseTooLarge: return "The server's answer was larger than fauth accepts."
        case .invalidArgument: return "The server refused a value in the request."
        case .ioError: return "fauth could not write its output."
        case .serverChanged: return "The account was changed on the server, but fauth could not finish locally."
        case .interrupted: return "Interrupted."
        case .terminated: return "Terminated (SIGTERM)."
        case .hangup: return "Hung up (SIGHUP)."
        case .quit: return "Quit (SIGQUIT)."
        case .sessionBusy: return "Another fauth is using the session; run the command again when it is done."
        case .idTokenExpired: return "The Firebase ID token has expired."
        case .idTokenRevoked: return "The Firebase ID token has been revoked."
        case .invalidIdToken: return "The Firebase ID token is invalid."
        case .sessionCookieExpired: return "The Firebase session cookie has expired."
        case .sessionCookieRevoked: return "The Firebase session cookie has been revoked."
        case .invalidSessionCookie: return "The Firebase session cookie is invalid."
        }
    }

    /// The SDK's name and number, nil for fauth's own codes.
    private var sdkIdentity: (name: String, number: Int)? {
        switch self {
        case .invalidCustomToken: return ("ERROR_INVALID_CUSTOM_TOKEN", 17000)
        case .customTokenMismatch: return ("ERROR_CUSTOM_TOKEN_MISMATCH", 17002)
        case .invalidCredential: return ("ERROR_INVALID_CREDENTIAL", 17004)
        case .userDisabled: return ("ERROR_USER_DISABLED", 17005)
        case .operationNotAllowed: return ("ERROR_OPERATION_NOT_ALLOWED", 17006)
        case .emailAlreadyInUse: return ("ERROR_EMAIL_ALREADY_IN_USE", 17007)
        case .invalidEmail: return ("ERROR_INVALID_EMAIL", 17008)
        case .wrongPassword: return ("ERROR_WRONG_PASSWORD", 17009)
        case .tooManyRequests: return ("ERROR_TOO_MANY_REQUESTS", 17010)
        case .userNotFound: return ("ERROR_USER_NOT_FOUND", 17011)
        case .accountExistsWithDifferentCredential: return ("ERROR_ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL", 17012)
        case .requiresRecentLogin: return ("ERROR_REQUIRES_RECENT_LOGIN", 17014)
        case .providerAlreadyLinked: return ("ERROR_PROVIDER_ALREADY_LINKED", 17015)
        case .noSuchProvider: return ("ERROR_NO_SUCH_PROVIDER", 17016)
        case .invalidUserToken: return ("ERROR_INVALID_USER_TOKEN", 17017)
        case .networkError: return ("ERROR_NETWORK_REQUEST_FAILED", 17020)
        case .userTokenExpired: return ("ERROR_USER_TOKEN_EXPIRED", 17021)
        case .invalidAPIKey: return ("ERROR_INVALID_API_KEY", 17023)
        case .userMismatch: return ("ERROR_USER_MISMATCH", 17024)
        case .credentialAlreadyInUse: return ("ERROR_CREDENTIAL_ALREADY_IN_USE", 17025)
        case .weakPassword: return ("ERROR_WEAK_PASSWORD", 17026)
        case .appNotAuthorized: return ("ERROR_APP_NOT_AUTHORIZED", 17028)
        case .expiredActionCode: return ("ERROR_EXPIRED_ACTION_CODE", 17029)
        case .invalidActionCode: return ("ERROR_INVALID_ACTION_CODE", 17030)
        case .invalidMessagePayload: return ("ERROR_INVALID_MESSAGE_PAYLOAD", 17031)
        case .invalidSender: return ("ERROR_INVALID_SENDER", 17032)
        case .invalidRecipientEmail: return ("ERROR_INVALID_RECIPIENT_EMAIL", 17033)
        case .missingEmail: return ("ERROR_MISSING_EMAIL", 17034)
        case .missingIosBundleID: return ("ERROR_MISSING_IOS_BUNDLE_ID", 17036)
        case .missingAndroidPackageName: return ("ERROR_MISSING_ANDROID_PKG_NAME", 17037)
        case .unauthorizedDomain: return ("ERROR_UNAUTHORIZED_DOMAIN", 17038)
        case .invalidContinueURI: return ("ERROR_INVALID_CONTINUE_URI", 17039)
        case .missingContinueURI: return ("ERROR_MISSING_CONTINUE_URI", 17040)
        case .missingPhoneNumber: return ("ERROR_MISSING_PHONE_NUMBER", 17041)
        case .invalidPhoneNumber: return ("ERROR_INVALID_PHONE_NUMBER", 17042)
        case .missingVerificationCode: return ("ERROR_MISSING_VERIFICATION_CODE", 17043)
        case .invalidVerificationCode: return ("ERROR_INVALID_VERIFICATION_CODE", 17044)
        case .missingVerificationID: return ("ERROR_MISSING_VERIFICATION_ID", 17045)
        case .invalidVerificationID: return ("ERROR_INVALID_VERIFICATION_ID", 17046)
        case .missingAppCredential: return ("MISSING_APP_CREDENTIAL", 17047)
        case .invalidAppCredential: return ("INVALID_APP_CREDENTIAL", 17048)
        case .sessionExpired: return ("ERROR_SESSION_EXPIRED", 17051)
        case .quotaExceeded: return ("ERROR_QUOTA_EXCEEDED", 17052)
        case .missingAppToken: return ("ERROR_MISSING_APP_TOKEN", 17053)
        case .appNotVerified: return ("ERROR_APP_NOT_VERIFIED", 17055)
        case .captchaCheckFailed: return ("ERROR_CAPTCHA_CHECK_FAILED", 17056)
        case .invalidProviderID: return ("ERROR_INVALID_PROVIDER_ID", 17071)
        case .tenantIDMismatch: return ("ERROR_TENANT_ID_MISMATCH", 17072)
        case .unsupportedTenantOperation: return ("ERROR_UNSUPPORTED_TENANT_OPERATION", 17073)
        case .invalidHostingLinkDomain: return ("ERROR_INVALID_HOSTING_LINK_DOMAIN", 17214)
        case .secondFactorRequired: return ("ERROR_SECOND_FACTOR_REQUIRED", 17078)
        case .missingMultiFactorSession: return ("ERROR_MISSING_MULTI_FACTOR_SESSION", 17081)
        case .missingMultiFactorInfo: return ("ERROR_MISSING_MULTI_FACTOR_INFO", 17082)
        case .invalidMultiFactorSession: return ("ERROR_INVALID_MULTI_FACTOR_SESSION", 17083)
        case .multiFactorInfoNotFound: return ("ERROR_MULTI_FACTOR_INFO_NOT_FOUND", 17084)
        case .adminRestrictedOperation: return ("ERROR_ADMIN_RESTRICTED_OPERATION", 17085)
        case .unverifiedEmail: return ("ERROR_UNVERIFIED_EMAIL", 17086)
        case .secondFactorAlreadyEnrolled: return ("ERROR_SECOND_FACTOR_ALREADY_ENROLLED", 17087)
        case .maximumSecondFactorCountExceeded: return ("ERROR_MAXIMUM_SECOND_FACTOR_COUNT_EXCEEDED", 17088)
        case .unsupportedFirstFactor: return ("ERROR_UNSUPPORTED_FIRST_FACTOR", 17089)
        case .emailChangeNeedsVerification: return ("ERROR_EMAIL_CHANGE_NEEDS_VERIFICATION", 17090)
        case .missingClientIdentifier: return ("ERROR_MISSING_CLIENT_IDENTIFIER", 17093)
        case .missingOrInvalidNonce: return ("ERROR_MISSING_OR_INVALID_NONCE", 17094)
        case .blockingCloudFunctionError: return ("ERROR_BLOCKING_CLOUD_FUNCTION_RETURNED_ERROR", 17105)
        case .recaptchaNotEnabled: return ("ERROR_RECAPTCHA_NOT_ENABLED", 17200)
        case .missingRecaptchaToken: return ("ERROR_MISSING_RECAPTCHA_TOKEN", 17201)
        case .invalidRecaptchaToken: return ("ERROR_INVALID_RECAPTCHA_TOKEN", 17202)
        case .invalidRecaptchaAction: return ("ERROR_INVALID_RECAPTCHA_ACTION", 17203)
        case .missingClientType: return ("ERROR_MISSING_CLIENT_TYPE", 17204)
        case .missingRecaptchaVersion: return ("ERROR_MISSING_RECAPTCHA_VERSION", 17205)
        case .invalidRecaptchaVersion: return ("ERROR_INVALID_RECAPTCHA_VERSION", 17206)
        case .invalidReqType: return ("ERROR_INVALID_REQ_TYPE", 17207)
        case .passwordDoesNotMeetRequirements: return ("ERROR_PASSWORD_DOES_NOT_MEET_REQUIREMENTS", 17211)
        case .internalError: return ("ERROR_INTERNAL_ERROR", 17999)
        case .malformedJWT: return ("ERROR_MALFORMED_JWT", 18000)
        case .keychainError: return ("ERROR_KEYCHAIN_ERROR", 17995)
        case .usage, .cancelled, .notSignedIn, .sessionStoreError, .serviceUnavailable, .projectNotFound,
            .sessionBackendMismatch, .certificateError, .proxyRefused, .responseTooLarge, .invalidArgument, .ioError,
            .serverChanged, .interrupted, .terminated, .hangup, .quit, .sessionBusy, .idTokenExpired, .idTokenRevoked,
            .invalidIdToken, .sessionCookieExpired, .sessionCookieRevoked, .invalidSessionCookie:
            return nil
        }
    }
}
