import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("accounts:lookup and ID-token checks over real sockets")
struct LookupTests {
    @Test func returnsTheTokensUser() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let result = try fixture.call("lookup", ["idToken": created["idToken"]!])
        #expect(result.status == 200)
        #expect(result.json["kind"]?.string == "identitytoolkit#GetAccountInfoResponse")
        let user = try #require(result.json["users"]?.array?.first)
        #expect(user["localId"] == created["localId"])
        #expect(user["email"]?.string == "a@example.com")
        #expect(user["emailVerified"]?.bool == false)
        #expect(user["disabled"] == nil, "absent until an admin sets it, as in Firebase's emulator")
        #expect(
            user["validSince"]?.string != nil && user["createdAt"]?.string != nil && user["lastLoginAt"]?.string != nil)
        #expect(
            user["providerUserInfo"]?.array?.first == [
                "providerId": "password", "rawId": "a@example.com",
                "federatedId": "a@example.com", "email": "a@example.com",
            ])
    }

    @Test func runsTheIdTokenChecksInOrder() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let localId = try #require(created["localId"]?.string)
        #expect(errorMessage(try fixture.call("lookup", [:]).json) == "MISSING_ID_TOKEN")
        #expect(errorMessage(try fixture.call("lookup", ["idToken": "not.a.jwt"]).json) == "INVALID_ID_TOKEN")
        let now = Timestamp.nowMillis() / 1000
        let unknown = craftIdToken([
            "user_id": "nobody", "iat": .number(Double(now)), "firebase": ["sign_in_provider": "password"],
        ])
        #expect(errorMessage(try fixture.call("lookup", ["idToken": .string(unknown)]).json) == "USER_NOT_FOUND")
        let old = craftIdToken(["user_id": .string(localId), "iat": 1000, "firebase": ["sign_in_provider": "password"]])
        #expect(errorMessage(try fixture.call("lookup", ["idToken": .string(old)]).json) == "TOKEN_EXPIRED")
        let tenantToken = craftIdToken([
            "user_id": .string(localId), "iat": .number(Double(now)),
            "firebase": ["sign_in_provider": "password", "tenant": "t1"],
        ])
        #expect(
            errorMessage(try fixture.call("lookup", ["idToken": .string(tenantToken), "tenantId": "t2"]).json)
                == "TENANT_ID_MISMATCH")
        let noFirebase = craftIdToken(["user_id": .string(localId), "iat": .number(Double(now))])
        #expect(try fixture.call("lookup", ["idToken": .string(noFirebase)]).status == 500)
        #expect(try fixture.admin("update", ["localId": .string(localId), "disableUser": true]).status == 200)
        #expect(errorMessage(try fixture.call("lookup", ["idToken": created["idToken"]!]).json) == "USER_DISABLED")
    }

    @Test func enforcesExpiryOnlyWhenTheLifetimeIsConfigured() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let localId = try #require(created["localId"]?.string)
        let now = Timestamp.nowMillis() / 1000
        let expired = craftIdToken([
            "user_id": .string(localId), "iat": .number(Double(now)), "exp": .number(Double(now - 10)),
            "firebase": ["sign_in_provider": "password"],
        ])
        #expect(try fixture.call("lookup", ["idToken": .string(expired)]).status == 200)
        try fixture.configure(["fauth": ["idTokenLifetimeSeconds": 60]])
        #expect(errorMessage(try fixture.call("lookup", ["idToken": .string(expired)]).json) == "INVALID_ID_TOKEN")
        let fresh = try fixture.signIn("a@example.com")
        #expect(fresh["expiresIn"]?.string == "60")
        let claims = try #require(idTokenClaims(fresh["idToken"]?.string))
        #expect(claims["exp"]?.int == claims["iat"]!.int! + 60)
        #expect(try fixture.call("lookup", ["idToken": fresh["idToken"]!]).status == 200)
    }

    @Test func adminLooksUpBySelectorsAndOmitsUsersWhenNothingMatches() throws {
        let fixture = try EmulatorFixture()
        let a = try fixture.signUp("a@example.com")
        try fixture.admin("signUp", ["localId": "p1", "phoneNumber": "+15555550100"])
        let result = try fixture.admin(
            "lookup",
            [
                "localId": ["p1", a["localId"]!], "email": ["A@example.com"],
                "phoneNumber": ["+15555550100"],
            ])
        #expect(result.json["users"]?.array?.compactMap { $0["localId"]?.string } == ["p1", a["localId"]!.string!])
        let none = try fixture.admin("lookup", ["localId": ["missing"]])
        #expect(none.status == 200 && none.json == ["kind": "identitytoolkit#GetAccountInfoResponse"])
    }
}
