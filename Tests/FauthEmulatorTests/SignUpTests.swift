import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("accounts:signUp over real sockets")
struct SignUpTests {
    @Test func createsAnEmailPasswordUserWithTokens() throws {
        let fixture = try EmulatorFixture()
        let json = try fixture.signUp("Alice@Example.com")
        #expect(json["kind"]?.string == "identitytoolkit#SignupNewUserResponse")
        #expect(json["email"]?.string == "alice@example.com")
        #expect(json["expiresIn"]?.string == "3600")
        let localId = try #require(json["localId"]?.string)
        #expect(localId.count == 28 && localId.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        let idToken = try #require(json["idToken"]?.string)
        #expect(idToken.hasSuffix("."))
        let header = try #require(idToken.split(separator: ".").first.flatMap { JWTPayload.base64URLDecode($0.utf8) })
        #expect(String(decoding: header, as: UTF8.self) == #"{"alg":"none","typ":"JWT"}"#)
        let claims = try #require(idTokenClaims(idToken))
        #expect(claims["user_id"]?.string == localId)
        #expect(claims["sub"]?.string == localId)
        #expect(claims["aud"]?.string == EmulatorFixture.projectId)
        #expect(claims["iss"]?.string == "https://securetoken.google.com/\(EmulatorFixture.projectId)")
        #expect(claims["email"]?.string == "alice@example.com")
        #expect(claims["email_verified"]?.bool == false)
        #expect(claims["firebase"]?["sign_in_provider"]?.string == "password")
        #expect(claims["firebase"]?["identities"] == ["email": ["alice@example.com"]])
        let iat = try #require(claims["iat"]?.int)
        #expect(claims["exp"]?.int == iat + 3600)
        let refresh = try #require(json["refreshToken"]?.string)
        let decoded = try #require(RefreshToken(decoding: refresh))
        #expect(
            decoded.localId == localId && decoded.provider == "password"
                && decoded.projectId == EmulatorFixture.projectId)
        let user = try #require(try fixture.lookup(idToken))
        #expect(user["passwordHash"]?.string?.hasPrefix("fakeHash:salt=fakeSalt") == true)
        #expect(user["passwordHash"]?.string?.hasSuffix(":password=secret123") == true)
        #expect(user["providerUserInfo"]?.array?.first?["providerId"]?.string == "password")
    }

    @Test func createsAnAnonymousUserIgnoringProfile() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.call("signUp", ["displayName": "Ignored", "returnSecureToken": true])
        #expect(result.status == 200)
        #expect(result.json["displayName"] == nil)
        let claims = try #require(idTokenClaims(result.json["idToken"]?.string))
        #expect(claims["provider_id"]?.string == "anonymous")
        #expect(claims["firebase"]?["sign_in_provider"]?.string == "anonymous")
        #expect(claims["email"] == nil && claims["email_verified"] == nil)
    }

    @Test func linksEmailAndPasswordToAnAnonymousUser() throws {
        let fixture = try EmulatorFixture()
        let anonymous = try fixture.call("signUp", [:]).json
        let linked = try fixture.call(
            "signUp", ["idToken": anonymous["idToken"]!, "email": "bob@example.com", "password": "secret123"])
        #expect(linked.status == 200)
        #expect(linked.json["localId"] == anonymous["localId"])
        #expect(idTokenClaims(linked.json["idToken"]?.string)?["firebase"]?["sign_in_provider"]?.string == "password")
        #expect(try fixture.signIn("bob@example.com")["localId"] == anonymous["localId"])
    }

    @Test func reportsErrorsInFirebaseOrder() throws {
        let fixture = try EmulatorFixture()
        try fixture.signUp("taken@example.com")
        let cases: [(JSONValue, String)] = [
            (["localId": "x", "email": "a@b.c", "password": "secret123"], "UNEXPECTED_PARAMETER : User ID"),
            (["password": "secret123"], "MISSING_EMAIL"),
            (["email": "a@b.c"], "MISSING_PASSWORD"),
            (["email": "", "password": "secret123"], "MISSING_EMAIL"),
            (["email": "a@b.c", "password": ""], "MISSING_PASSWORD"),
            (["email": "", "password": ""], "INVALID_EMAIL"),
            (["email": "not-an-email", "password": "x"], "INVALID_EMAIL"),
            (["email": "TAKEN@example.com", "password": "x"], "EMAIL_EXISTS"),
            (
                ["email": "new@example.com", "password": "12345"],
                "WEAK_PASSWORD : Password should be at least 6 characters"
            ),
            (["email": "new@example.com", "password": "secret123", "idToken": "garbage"], "INVALID_ID_TOKEN"),
        ]
        for (body, message) in cases {
            let result = try fixture.call("signUp", body)
            #expect(result.status == 400)
            #expect(errorMessage(result.json) == message, "body \(body.serialized())")
        }
        let error = try fixture.call("signUp", ["email": "taken@example.com", "password": "secret123"]).json
        #expect(
            error == [
                "error": [
                    "code": 400, "message": "EMAIL_EXISTS",
                    "errors": [["message": "EMAIL_EXISTS", "reason": "invalid", "domain": "global"]],
                ]
            ])
    }

    @Test func privilegedSignUpCreatesWithoutTokens() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.admin(
            "signUp",
            [
                "localId": "admin-made", "email": "c@example.com", "password": "secret123",
                "emailVerified": true, "disabled": true, "phoneNumber": "+15555550100",
            ])
        #expect(result.status == 200)
        #expect(result.json["localId"]?.string == "admin-made")
        #expect(result.json["idToken"] == nil && result.json["refreshToken"] == nil)
        #expect(errorMessage(try fixture.admin("signUp", ["localId": "admin-made"]).json) == "DUPLICATE_LOCAL_ID")
        #expect(
            errorMessage(try fixture.admin("signUp", ["phoneNumber": "5555"]).json)
                == "INVALID_PHONE_NUMBER : Invalid format.")
        #expect(
            errorMessage(try fixture.admin("signUp", ["phoneNumber": "+15555550100"]).json) == "PHONE_NUMBER_EXISTS")
        #expect(errorMessage(try fixture.signInError("c@example.com")) == "USER_DISABLED")
    }
}

@Suite("accounts:signUp fidelity to Firebase's emulator source")
struct SignUpFidelityTests {
    @Test func mfaInfoGetsFreshEnrollmentIdsAndOneFactorPerPhoneNumber() throws {
        let fixture = try EmulatorFixture()
        let factor: JSONValue = ["displayName": "Cell", "phoneInfo": "+15555550100", "mfaEnrollmentId": "ignored-1"]
        let created = try fixture.call(
            "signUp",
            [
                "email": "m@example.com", "password": "secret123",
                "mfaInfo": [
                    factor, ["phoneInfo": "+15555550100", "mfaEnrollmentId": "ignored-2"],
                    ["phoneInfo": "+15555550101"],
                ],
            ])
        #expect(created.status == 200)
        let localId = try #require(created.json["localId"])
        let user = try #require(try fixture.admin("lookup", ["localId": [localId]]).json["users"]?.array?.first)
        let factors = try #require(user["mfaInfo"]?.array)
        #expect(factors.map { $0["phoneInfo"]?.string } == ["+15555550100", "+15555550101"])
        #expect(factors.first?["displayName"]?.string == "Cell")
        let ids = factors.compactMap { $0["mfaEnrollmentId"]?.string }
        #expect(
            ids.count == 2 && !ids.contains("ignored-1") && !ids.contains("ignored-2") && ids.allSatisfy { !$0.isEmpty }
        )
    }

    @Test func emailExistsEvenWhenDuplicateEmailsAreAllowed() throws {
        let fixture = try EmulatorFixture()
        try fixture.configure(["signIn": ["allowDuplicateEmails": true]])
        try fixture.signUp("dup@example.com")
        #expect(
            errorMessage(try fixture.call("signUp", ["email": "dup@example.com", "password": "secret123"]).json)
                == "EMAIL_EXISTS")
    }

    @Test func linkingAPasswordForAnotherEmailLeavesItUnverifiedAndSetsTheGivenName() throws {
        let fixture = try EmulatorFixture()
        let google = try fixture.signInWithIdp(claims: [
            "sub": "g-1", "email": "g@example.com", "email_verified": true, "name": "Gee",
        ])
        let idToken = try #require(google.json["idToken"])
        let linked = try fixture.call(
            "signUp", ["idToken": idToken, "email": "other@example.com", "password": "secret123"])
        #expect(linked.status == 200)
        #expect(
            linked.json["displayName"] == nil, "Firebase's emulator writes the request's displayName, absent clears it")
        let claims = try #require(idTokenClaims(linked.json["idToken"]?.string))
        #expect(claims["email"]?.string == "other@example.com" && claims["email_verified"]?.bool == false)
        let user = try #require(try fixture.lookupUser(linked.json))
        #expect(user["emailVerified"]?.bool == false && user["displayName"] == nil)
    }

    @Test func privilegedSignUpRecordsUnverifiedEmailAndALoginTime() throws {
        let fixture = try EmulatorFixture()
        #expect(try fixture.admin("signUp", ["localId": "plain"]).status == 200)
        let user = try #require(try fixture.admin("lookup", ["localId": ["plain"]]).json["users"]?.array?.first)
        #expect(user["emailVerified"]?.bool == false)
        #expect(user["lastLoginAt"]?.string == user["createdAt"]?.string)
        // email_verified follows the account's flag even without an email, as Firebase's token minting does.
        let custom = try fixture.call("signInWithCustomToken", ["token": #"{"uid":"plain"}"#])
        let claims = try #require(idTokenClaims(custom.json["idToken"]?.string))
        #expect(claims["email_verified"]?.bool == false && claims["email"] == nil)
    }
}

extension EmulatorFixture {
    /// The error body of a failing password sign-in.
    func signInError(_ email: String, _ password: String = "secret123") throws -> JSONValue {
        try call("signInWithPassword", ["email": .string(email), "password": .string(password)]).json
    }

    @Test func aUserMayLinkAPasswordForItsOwnEmailButNotForAnothersEmail() throws {
        let fixture = try EmulatorFixture()
        let facebook = try fixture.signInWithIdp(
            "facebook.com", claims: ["sub": "fb-self", "email": "self@example.com", "email_verified": true])
        let idToken = try #require(facebook.json["idToken"]?.string)
        let own = try fixture.call(
            "signUp", ["idToken": .string(idToken), "email": "self@example.com", "password": "secret123"])
        #expect(own.status == 200, "production links a password for the user's own email (Firebase's emulator refuses)")
        #expect(own.json["localId"] == facebook.json["localId"])
        _ = try fixture.signUp("other@example.com")
        let other = try fixture.call(
            "signUp", ["idToken": .string(idToken), "email": "other@example.com", "password": "secret123"])
        #expect(errorMessage(other.json) == "EMAIL_EXISTS")
    }
}
