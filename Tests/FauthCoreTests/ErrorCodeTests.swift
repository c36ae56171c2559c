import Testing

@testable import FauthCore

/// The exit status table of docs/design/errors.md, written out independently of `ErrorCode.exitStatus`.
private let documentedExitStatus: [(ErrorCode, Int32)] = [
    (.internalError, 1), (.malformedJWT, 1), (.blockingCloudFunctionError, 1), (.ioError, 1), (.responseTooLarge, 1),
    (.usage, 2), (.cancelled, 3),
    (.notSignedIn, 4), (.userTokenExpired, 4), (.invalidUserToken, 4), (.serverChanged, 4),
    (.requiresRecentLogin, 5),
    (.wrongPassword, 6), (.invalidCredential, 6), (.invalidCustomToken, 6), (.customTokenMismatch, 6),
    (.userNotFound, 6), (.userDisabled, 6), (.userMismatch, 6), (.missingOrInvalidNonce, 6),
    (.invalidVerificationCode, 6), (.invalidVerificationID, 6), (.idTokenExpired, 6), (.idTokenRevoked, 6),
    (.invalidIdToken, 6), (.sessionCookieExpired, 6), (.sessionCookieRevoked, 6), (.invalidSessionCookie, 6),
    (.emailAlreadyInUse, 7), (.credentialAlreadyInUse, 7), (.providerAlreadyLinked, 7),
    (.accountExistsWithDifferentCredential, 7), (.noSuchProvider, 7), (.secondFactorAlreadyEnrolled, 7),
    (.invalidEmail, 8), (.missingEmail, 8), (.weakPassword, 8), (.passwordDoesNotMeetRequirements, 8),
    (.invalidProviderID, 8), (.invalidActionCode, 8), (.expiredActionCode, 8), (.invalidPhoneNumber, 8),
    (.missingPhoneNumber, 8), (.invalidArgument, 8),
    (.secondFactorRequired, 9),
    (.networkError, 10), (.tooManyRequests, 10), (.quotaExceeded, 10), (.serviceUnavailable, 10), (.sessionBusy, 10),
    (.invalidAPIKey, 11), (.appNotAuthorized, 11), (.operationNotAllowed, 11), (.adminRestrictedOperation, 11),
    (.tenantIDMismatch, 11), (.unsupportedTenantOperation, 11), (.unauthorizedDomain, 11), (.projectNotFound, 11),
    (.sessionStoreError, 12), (.keychainError, 12),
    (.hangup, 129),
    (.interrupted, 130),
    (.quit, 131),
    (.terminated, 143),
]

/// The action that goes with each exit status.
private let actionByExitStatus: [Int32: ErrorAction] = [
    1: .report, 2: .fixCommand, 3: .fixCommand, 4: .signin, 5: .reauth, 6: .fixCredentials, 7: .resolveConflict,
    8: .fixInput, 9: .completeSecondFactor, 10: .retry, 11: .fixConfig, 12: .fixSessionFile, 129: .stop, 130: .stop,
    131: .stop, 143: .stop,
]

private let fauthOwnCodes: Set<ErrorCode> = [
    .usage, .cancelled, .notSignedIn, .sessionStoreError, .serviceUnavailable, .projectNotFound, .interrupted,
    .terminated,
    .hangup, .quit, .sessionBusy, .sessionBackendMismatch, .certificateError, .proxyRefused, .responseTooLarge,
    .invalidArgument, .ioError, .serverChanged, .idTokenExpired, .idTokenRevoked, .invalidIdToken,
    .sessionCookieExpired, .sessionCookieRevoked, .invalidSessionCookie,
]

/// `wrongPassword` → `wrong-password`, `invalidAPIKey` → `invalid-api-key`, `malformedJWT` → `malformed-jwt`.
private func kebab(_ caseName: String) -> String {
    let characters = Array(caseName)
    var result = ""
    for (index, character) in characters.enumerated() {
        if character.isUppercase, index > 0 {
            let previous = characters[index - 1]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                result += "-"
            }
        }
        result += character.lowercased()
    }
    return result
}

@Test func kebabHelperFollowsTheDocumentedExamples() {
    #expect(kebab("wrongPassword") == "wrong-password")
    #expect(kebab("invalidAPIKey") == "invalid-api-key")
    #expect(kebab("tenantIDMismatch") == "tenant-id-mismatch")
    #expect(kebab("networkError") == "network-error")
}

@Test(arguments: ErrorCode.allCases)
func rawValueIsTheKebabCaseOfTheCaseName(code: ErrorCode) {
    #expect(code.rawValue == kebab(String(describing: code)))
}

@Test func theCatalogueHoldsTheSDKCodesACommandLineClientMeetsAndFauthsOwn() {
    #expect(ErrorCode.allCases.count == 100)
    #expect(ErrorCode.allCases.filter { $0.number == nil }.count == fauthOwnCodes.count)
    #expect(Set(ErrorCode.allCases.map(\.rawValue)).count == ErrorCode.allCases.count)
}

@Test(arguments: documentedExitStatus)
func exitStatusFollowsTheDocumentedTable(code: ErrorCode, status: Int32) {
    #expect(code.exitStatus == status)
}

@Test(arguments: ErrorCode.allCases)
func everyCodeHasADocumentedStatusAndTheMatchingAction(code: ErrorCode) throws {
    let action = try #require(actionByExitStatus[code.exitStatus])
    #expect(code.action == action)
    #expect(!code.defaultMessage.isEmpty)
}

@Test(arguments: ErrorCode.allCases)
func onlyTheTemporaryCodesAreRetryable(code: ErrorCode) {
    let retryable: Set<ErrorCode> = [
        .networkError, .tooManyRequests, .quotaExceeded, .serviceUnavailable, .sessionBusy,
    ]
    #expect(code.isRetryable == retryable.contains(code))
}

@Test(arguments: ErrorCode.allCases)
func exitStatusActionAndRetryableAgree(code: ErrorCode) {
    #expect(code.exitStatus == code.category.exitStatus)
    #expect(code.action == code.category.action)
    #expect(code.isRetryable == (code.action == .retry))
    #expect(code.isRetryable == (code.exitStatus == 10))
}

/// Usage and cancelled share fix-command; the four signals (SIGHUP, SIGINT, SIGQUIT, SIGTERM) share stop.
@Test func everyCategoryHasItsOwnActionExceptUsageAndCancelledAndTheSignals() {
    let actions = ExitCategory.allCases.map(\.action)
    #expect(Set(actions).count == ExitCategory.allCases.count - 4)
    #expect(Set(actions) == Set(ErrorAction.allCases))
}

@Test(arguments: ErrorCode.allCases)
func sdkCodesCarryTheSDKNameAndNumberAndFauthsOwnCarryNone(code: ErrorCode) throws {
    if fauthOwnCodes.contains(code) {
        #expect(code.name == nil)
        #expect(code.number == nil)
    } else {
        let name = try #require(code.name)
        let number = try #require(code.number)
        #expect(name.hasPrefix("ERROR_") || name == "MISSING_APP_CREDENTIAL" || name == "INVALID_APP_CREDENTIAL")
        #expect((17000...18000).contains(number))
    }
}

@Test func sdkNumbersAreUnique() {
    let numbers = ErrorCode.allCases.compactMap(\.number)
    #expect(Set(numbers).count == numbers.count)
}

@Test func sdkNamesAndNumbersMatchTheReference() {
    #expect(ErrorCode.wrongPassword.name == "ERROR_WRONG_PASSWORD")
    #expect(ErrorCode.wrongPassword.number == 17009)
    #expect(ErrorCode.networkError.name == "ERROR_NETWORK_REQUEST_FAILED")
    #expect(ErrorCode.networkError.number == 17020)
    #expect(ErrorCode.missingAndroidPackageName.name == "ERROR_MISSING_ANDROID_PKG_NAME")
    #expect(ErrorCode.invalidHostingLinkDomain.number == 17214)
    #expect(ErrorCode.blockingCloudFunctionError.name == "ERROR_BLOCKING_CLOUD_FUNCTION_RETURNED_ERROR")
    #expect(ErrorCode.internalError.number == 17999)
    #expect(ErrorCode.malformedJWT.number == 18000)
    #expect(ErrorCode.invalidAPIKey.name == "ERROR_INVALID_API_KEY")
    #expect(ErrorCode.invalidAPIKey.number == 17023)
}
