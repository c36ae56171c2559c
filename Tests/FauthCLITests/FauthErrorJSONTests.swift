import FauthCore
import FauthJSON
import Testing

@testable import FauthCLI

private func errorMembers(_ error: FauthError) throws -> JSONObject {
    let top = try #require(error.jsonObject().object)
    #expect(top.keys == ["error"])
    return try #require(top["error"]?.object)
}

@Test func documentedExampleHasTheFixedKeysInOrder() throws {
    let error = ServerErrorMapping.error(serverMessage: "INVALID_PASSWORD", httpStatus: 400)
    let members = try errorMembers(error)
    #expect(members.keys == ["code", "name", "number", "exitCode", "message", "retryable", "action", "server"])
    #expect(members["code"] == "wrong-password")
    #expect(members["name"] == "ERROR_WRONG_PASSWORD")
    #expect(members["number"] == 17009)
    #expect(members["exitCode"] == 6)
    #expect(members["message"] == "The password is invalid or the user does not have a password.")
    #expect(members["retryable"] == false)
    #expect(members["action"] == "fix-credentials")
    #expect(members["server"] == ["status": 400, "message": "INVALID_PASSWORD"])
}

@Test func fauthOwnCodesHaveNullNameAndNumber() throws {
    let members = try errorMembers(FauthError(.notSignedIn))
    #expect(members.keys == ["code", "name", "number", "exitCode", "message", "retryable", "action"])
    #expect(members["name"] == .null)
    #expect(members["number"] == .null)
    #expect(members["exitCode"] == 4)
    #expect(members["action"] == "signin")
    #expect(members["message"] == .string(ErrorCode.notSignedIn.defaultMessage))
}

@Test func everyOptionalMemberAppearsInTheDocumentedOrder() throws {
    var error = FauthError(
        .accountExistsWithDifferentCredential, message: "custom", reason: "why",
        server: ServerDetail(status: 200, message: nil),
        underlying: UnderlyingError(domain: "curl", code: 7, message: "Couldn't connect to server"))
    error.email = "a@example.com"
    error.signInMethods = ["password", "google.com"]
    error.secondFactor = SecondFactorChallenge(factors: [])
    let members = try errorMembers(error)
    #expect(
        members.keys == [
            "code", "name", "number", "exitCode", "message", "retryable", "action",
            "reason", "server", "underlying", "email", "signInMethods", "mfa",
        ])
    #expect(members["message"] == "custom")
    #expect(members["reason"] == "why")
    #expect(members["server"] == ["status": 200, "message": .null])
    #expect(members["underlying"] == ["domain": "curl", "code": 7, "message": "Couldn't connect to server"])
    #expect(members["email"] == "a@example.com")
    #expect(members["signInMethods"] == ["password", "google.com"])
    #expect(members["mfa"] == ["factors": []])
}

@Test func retryableAndExitCodeFollowTheCode() throws {
    let members = try errorMembers(FauthError(.serviceUnavailable))
    #expect(members["retryable"] == true)
    #expect(members["exitCode"] == 10)
    #expect(members["action"] == "retry")
    #expect(FauthError(.interrupted).exitStatus == 130)
}

@Test func emptyMessageFallsBackToTheDefault() {
    #expect(FauthError(.missingEmail, message: "").message == ErrorCode.missingEmail.defaultMessage)
    #expect(FauthError(.missingEmail, message: nil).message == ErrorCode.missingEmail.defaultMessage)
}

@Test func serializedObjectStartsWithTheErrorMember() {
    let text = FauthError(.usage, message: "unknown flag --x").jsonObject().serialized()
    #expect(
        text.hasPrefix(#"{"error":{"code":"usage","name":null,"number":null,"exitCode":2,"message":"unknown flag --x""#)
    )
}

@Test func aSecondFactorErrorListsItsFactorsUntilWhenAndTheCommandThatFinishesIt() throws {
    var error = FauthError(.secondFactorRequired)
    error.secondFactor = SecondFactorChallenge(
        factors: [MFAEnrollment(enrollmentId: "e1", isTOTP: true)], expiresAt: UnixTime(seconds: 1_700_000_000))
    let document = error.jsonObject(next: "fauth mfa verify --code CODE")
    let mfa = try #require(document["error"]?["mfa"]?.object)
    #expect(mfa.keys == ["factors", "expiresAt", "next"])
    #expect(mfa["expiresAt"] == "2023-11-14T22:13:20Z" && mfa["next"] == "fauth mfa verify --code CODE")
    #expect(mfa["factors"]?.array?.first?["factorId"] == "totp")
}
