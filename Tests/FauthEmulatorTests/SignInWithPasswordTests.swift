import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("accounts:signInWithPassword over real sockets")
struct SignInWithPasswordTests {
    @Test func signsInWithTokensAndNoDisplayName() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.call(
            "signUp", ["email": "a@example.com", "password": "secret123", "displayName": "Ann"]
        ).json
        let json = try fixture.signIn("A@EXAMPLE.com")
        #expect(json["kind"]?.string == "identitytoolkit#VerifyPasswordResponse")
        #expect(json["registered"]?.bool == true)
        #expect(json["localId"] == created["localId"])
        #expect(json["email"]?.string == "a@example.com")
        #expect(json["displayName"] == nil)
        #expect(json["expiresIn"]?.string == "3600")
        let claims = try #require(idTokenClaims(json["idToken"]?.string))
        #expect(claims["name"]?.string == "Ann")
        #expect(claims["firebase"]?["sign_in_provider"]?.string == "password")
    }

    @Test func reportsErrorsInOrderWithPrivacyOff() throws {
        let fixture = try EmulatorFixture()
        try fixture.signUp("a@example.com")
        let cases: [(JSONValue, String)] = [
            (["password": "x"], "MISSING_EMAIL"),
            (["email": "", "password": "x"], "INVALID_EMAIL"),
            (["email": "nope"], "INVALID_EMAIL"),
            (["email": "a@example.com"], "MISSING_PASSWORD"),
            (["email": "b@example.com", "password": "secret123"], "EMAIL_NOT_FOUND"),
            (["email": "a@example.com", "password": "wrong-one"], "INVALID_PASSWORD"),
        ]
        for (body, message) in cases {
            let result = try fixture.call("signInWithPassword", body)
            #expect(result.status == 400)
            #expect(errorMessage(result.json) == message, "body \(body.serialized())")
        }
        let unimplemented = try fixture.call(
            "signInWithPassword", ["email": "a@example.com", "password": "x", "idToken": "t"])
        #expect(unimplemented.status == 501)
        #expect(unimplemented.json["error"]?["status"]?.string == "NOT_IMPLEMENTED")
    }

    @Test func hidesWhichCredentialFailedWithPrivacyOnButNotDisabled() throws {
        let fixture = try EmulatorFixture()
        let user = try fixture.signUp("a@example.com")
        try fixture.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        #expect(errorMessage(try fixture.signInError("b@example.com")) == "INVALID_LOGIN_CREDENTIALS")
        #expect(errorMessage(try fixture.signInError("a@example.com", "wrong-one")) == "INVALID_LOGIN_CREDENTIALS")
        #expect(try fixture.admin("update", ["localId": user["localId"]!, "disableUser": true]).status == 200)
        #expect(errorMessage(try fixture.signInError("a@example.com", "wrong-one")) == "USER_DISABLED")
    }

    @Test func mfaUserGetsAPendingCredentialAndMaskedFactors() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.admin(
            "signUp",
            [
                "email": "m@example.com", "password": "secret123", "emailVerified": true,
                "mfaInfo": [["phoneInfo": "+15555550100", "displayName": "work phone"]],
            ])
        #expect(created.status == 200)
        let json = try fixture.signIn("m@example.com")
        #expect(json["idToken"] == nil && json["refreshToken"] == nil)
        let pending = try #require(json["mfaPendingCredential"]?.string)
        let decoded = try #require(MFAPendingCredential(decoding: pending))
        #expect(decoded.localId == created.json["localId"]?.string && decoded.signInProvider == "password")
        let factor = try #require(json["mfaInfo"]?.array?.first)
        #expect(factor["phoneInfo"]?.string == "+*******0100")
        #expect(factor["displayName"]?.string == "work phone")
        #expect(factor["mfaEnrollmentId"]?.string?.isEmpty == false)
    }

    @Test func passwordSignInCanBeTurnedOff() throws {
        let fixture = try EmulatorFixture()
        try fixture.signUp("a@example.com")
        try fixture.configure(["fauth": ["signInProviders": ["password": false]]])
        #expect(errorMessage(try fixture.signInError("a@example.com")) == "PASSWORD_LOGIN_DISABLED")
        let signUp = try fixture.call("signUp", ["email": "b@example.com", "password": "secret123"])
        #expect(errorMessage(signUp.json) == "OPERATION_NOT_ALLOWED")
        try fixture.configure(["fauth": ["signInProviders": .null]])
        #expect(try fixture.signIn("a@example.com")["idToken"] != nil)
    }

    @Test func failedSignInLimitLocksTheEmail() throws {
        let fixture = try EmulatorFixture()
        try fixture.signUp("a@example.com")
        try fixture.configure(["fauth": ["failedSignInLimit": 2]])
        #expect(errorMessage(try fixture.signInError("a@example.com", "wrong-1")) == "INVALID_PASSWORD")
        #expect(errorMessage(try fixture.signInError("a@example.com", "wrong-2")) == "INVALID_PASSWORD")
        let locked = errorMessage(try fixture.signInError("a@example.com"))
        #expect(locked?.hasPrefix("TOO_MANY_ATTEMPTS_TRY_LATER : ") == true)
        try fixture.configure(["fauth": ["failedSignInLimit": .null]])
        #expect(try fixture.signIn("a@example.com")["idToken"] != nil)
    }
}
