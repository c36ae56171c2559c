import FauthJSON
import Testing
@testable import FauthEmulator

@Suite("accounts:update over real sockets")
struct UpdateTests {
    @Test func updatesTheProfileWithoutNewTokens() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let result = try fixture.call("update", ["idToken": created["idToken"]!, "displayName": "Ann", "photoUrl": "https://p/x.png"])
        #expect(result.status == 200)
        #expect(result.json["kind"]?.string == "identitytoolkit#SetAccountInfoResponse")
        #expect(result.json["displayName"]?.string == "Ann" && result.json["photoUrl"]?.string == "https://p/x.png")
        #expect(result.json["idToken"] == nil)
        let cleared = try fixture.call("update", ["idToken": created["idToken"]!, "deleteAttribute": ["DISPLAY_NAME", "PHOTO_URL"]])
        #expect(cleared.json["displayName"] == nil && cleared.json["photoUrl"] == nil)
        let unimplemented = try fixture.call("update", ["idToken": created["idToken"]!, "deleteAttribute": ["PROVIDER"]])
        #expect(unimplemented.status == 501)
    }

    @Test func passwordChangeRevokesOldTokensAndReturnsNewOnes() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let localId = try #require(created["localId"]?.string)
        // A token issued a second before the change, as any earlier sign-in would be.
        let iat = Timestamp.nowMillis() / 1000 - 1
        let earlier = craftIdToken(["user_id": .string(localId), "iat": .number(Double(iat)), "firebase": ["sign_in_provider": "password"]])
        try fixture.admin("update", ["localId": .string(localId), "validSince": .string(String(iat))])
        let result = try fixture.call("update", ["idToken": .string(earlier), "password": "another123"])
        #expect(result.status == 200)
        let newToken = try #require(result.json["idToken"]?.string)
        #expect(result.json["refreshToken"] != nil && result.json["expiresIn"]?.string == "3600")
        #expect(errorMessage(try fixture.call("lookup", ["idToken": .string(earlier)]).json) == "TOKEN_EXPIRED")
        #expect(try fixture.call("lookup", ["idToken": .string(newToken)]).status == 200)
        #expect(try fixture.signIn("a@example.com", "another123")["localId"]?.string == localId)
        #expect(errorMessage(try fixture.call("update", ["idToken": .string(newToken), "password": "123"]).json)
                == "WEAK_PASSWORD : Password should be at least 6 characters")
        // A refresh token survives the revocation, as in Firebase's emulator.
        #expect(try fixture.refresh(created["refreshToken"]!.string!).status == 200)
    }

    @Test func emailChangeStoresTheInitialEmailAndSendsRecovery() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("old@example.com")
        try fixture.signUp("taken@example.com")
        #expect(errorMessage(try fixture.call("update", ["idToken": created["idToken"]!, "email": "TAKEN@example.com"]).json) == "EMAIL_EXISTS")
        #expect(errorMessage(try fixture.call("update", ["idToken": created["idToken"]!, "email": "bad"]).json) == "INVALID_EMAIL")
        let result = try fixture.call("update", ["idToken": created["idToken"]!, "email": "New@example.com"])
        #expect(result.json["email"]?.string == "new@example.com")
        #expect(result.json["idToken"] != nil)
        let user = try #require(try fixture.lookup(result.json["idToken"]!.string!))
        #expect(user["initialEmail"]?.string == "old@example.com")
        let codes = try fixture.control("GET", "oobCodes").json["oobCodes"]?.array ?? []
        let recovery = try #require(codes.first { $0["requestType"]?.string == "RECOVER_EMAIL" })
        #expect(recovery["email"]?.string == "old@example.com")
        let recovered = try fixture.call("update", ["oobCode": recovery["oobCode"]!])
        #expect(recovered.status == 200 && recovered.json["email"]?.string == "old@example.com")
        #expect(recovered.json["emailVerified"]?.bool == true)
    }

    @Test func oobCodesVerifyAndChangeTheEmail() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let verify = try fixture.call("sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": created["idToken"]!])
        #expect(verify.status == 200)
        let codes = try fixture.control("GET", "oobCodes").json["oobCodes"]?.array ?? []
        let verifyCode = try #require(codes.last?["oobCode"])
        let verified = try fixture.call("update", ["oobCode": verifyCode])
        #expect(verified.json["emailVerified"]?.bool == true)
        #expect(errorMessage(try fixture.call("update", ["oobCode": verifyCode]).json) == "INVALID_OOB_CODE")
        let change = try fixture.call("sendOobCode", ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": created["idToken"]!,
                                                      "newEmail": "b@example.com"])
        #expect(change.status == 200)
        let changeCode = try #require(try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.last)
        #expect(changeCode["newEmail"]?.string == "b@example.com")
        let changed = try fixture.call("update", ["oobCode": changeCode["oobCode"]!])
        #expect(changed.json["email"]?.string == "b@example.com" && changed.json["newEmail"]?.string == "b@example.com")
    }

    @Test func unlinkingFollowsFirebaseQuirks() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let localId = try #require(created["localId"]?.string)
        try fixture.admin("update", ["localId": .string(localId), "phoneNumber": "+15555550100",
                                     "linkProviderUserInfo": ["providerId": "google.com", "rawId": "g-123", "email": "a@gmail.com"]])
        let idToken = created["idToken"]!
        let unknown = try fixture.call("update", ["idToken": idToken, "deleteProvider": ["github.com"]])
        #expect(unknown.json["providerUserInfo"]?.array?.count == 3)
        let google = try fixture.call("update", ["idToken": idToken, "deleteProvider": ["google.com"]])
        #expect(google.json["providerUserInfo"]?.array?.compactMap { $0["providerId"]?.string } == ["password", "phone"])
        #expect(google.json["idToken"] == nil)
        let federated = try fixture.admin("lookup", ["federatedUserId": [["providerId": "google.com", "rawId": "g-123"]]])
        #expect(federated.json["users"] == nil)
        let password = try fixture.call("update", ["idToken": idToken, "deleteProvider": ["password", "phone"]])
        #expect(password.status == 200)
        #expect(password.json["email"] == nil && password.json["passwordHash"] == nil)
        #expect(password.json["providerUserInfo"]?.array == [])
        let user = try #require(try fixture.lookup(idToken.string!))
        #expect(user["phoneNumber"] == nil && user["email"] == nil && user["emailVerified"] == nil)
    }

    @Test func reportsErrorsInOrder() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let idToken = created["idToken"]!
        #expect(errorMessage(try fixture.call("update", ["displayName": "x"]).json) == "INVALID_REQ_TYPE : Unsupported request parameters.")
        #expect(errorMessage(try fixture.call("update", ["idToken": idToken, "customAttributes": "{}"]).json) == "INSUFFICIENT_PERMISSION")
        #expect(errorMessage(try fixture.call("update", ["idToken": idToken, "disableUser": true]).json) == "OPERATION_NOT_ALLOWED")
        #expect(try fixture.call("update", ["idToken": idToken, "provider": "x"]).status == 501)
        #expect(errorMessage(try fixture.call("update", ["oobCode": "nope"]).json) == "INVALID_OOB_CODE")
        #expect(errorMessage(try fixture.admin("update", ["displayName": "x"]).json) == "MISSING_LOCAL_ID")
        #expect(errorMessage(try fixture.admin("update", ["localId": "nobody"]).json) == "USER_NOT_FOUND")
        let localId = created["localId"]!
        #expect(errorMessage(try fixture.admin("update", ["localId": localId, "customAttributes": "[1]"]).json) == "INVALID_CLAIMS")
        #expect(errorMessage(try fixture.admin("update", ["localId": localId, "customAttributes": #"{"aud":1}"#]).json)
                == "FORBIDDEN_CLAIM : aud")
        let big = "{\"k\":\"" + String(repeating: "x", count: 1000) + "\"}"
        #expect(errorMessage(try fixture.admin("update", ["localId": localId, "customAttributes": .string(big)]).json) == "CLAIMS_TOO_LARGE")
        #expect(errorMessage(try fixture.admin("update", ["localId": localId, "mfa": ["enrollments": [["phoneInfo": "+1555"]]]]).json)
                == "INVALID_MFA_ENROLLMENT_ID : mfaEnrollmentId must be defined.")
        #expect(errorMessage(try fixture.admin("update", ["localId": localId, "mfa": ["enrollments": [["phoneInfo": "1555"]]]]).json)
                == "INVALID_MFA_PHONE_NUMBER : Invalid format.")
        #expect(errorMessage(try fixture.admin("update", ["localId": localId, "linkProviderUserInfo": ["rawId": "r"]]).json)
                == "MISSING_PROVIDER_ID")
        #expect(errorMessage(try fixture.admin("update", ["localId": localId, "phoneNumber": "555"]).json)
                == "INVALID_PHONE_NUMBER : Invalid format.")
        let schema = try fixture.call("update", ["idToken": idToken, "mfa": ["enrollments": "nope"]])
        #expect(schema.json["error"]?["status"]?.string == "INVALID_ARGUMENT")
        #expect(errorMessage(schema.json) == "Invalid JSON payload received. /mfa/enrollments must be array")
    }

    @Test func customClaimsReachTheIdToken() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        try fixture.admin("update", ["localId": created["localId"]!, "customAttributes": #"{"admin":true,"level":3}"#])
        let claims = try #require(idTokenClaims(try fixture.refresh(created["refreshToken"]!.string!).json["id_token"]?.string))
        #expect(claims["admin"]?.bool == true && claims["level"]?.int == 3)
    }

    @Test func recentLoginSecondsGuardsSensitiveChangesOnly() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let localId = try #require(created["localId"]?.string)
        try fixture.configure(["fauth": ["recentLoginSeconds": 60]])
        let now = Timestamp.nowMillis() / 1000
        let stale = JSONValue.string(craftIdToken(["user_id": .string(localId), "iat": .number(Double(now)),
                                                   "auth_time": .number(Double(now - 120)), "firebase": ["sign_in_provider": "password"]]))
        for body: JSONValue in [["idToken": stale, "password": "another123"], ["idToken": stale, "email": "b@example.com"],
                                ["idToken": stale, "deleteProvider": ["password"]]] {
            #expect(errorMessage(try fixture.call("update", body).json) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
        }
        #expect(try fixture.call("update", ["idToken": stale, "displayName": "fine"]).status == 200)
        let anonymous = try fixture.call("signUp", [:]).json
        let anonymousId = try #require(anonymous["localId"]?.string)
        let staleAnonymous = craftIdToken(["user_id": .string(anonymousId), "iat": .number(Double(now)),
                                           "auth_time": .number(Double(now - 120)), "firebase": ["sign_in_provider": "anonymous"]])
        let link = try fixture.call("signUp", ["idToken": .string(staleAnonymous), "email": "c@example.com", "password": "secret123"])
        #expect(errorMessage(link.json) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
        try fixture.configure(["fauth": ["recentLoginSeconds": .null]])
        #expect(try fixture.call("update", ["idToken": stale, "password": "another123"]).status == 200)
    }
}
