import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("accounts:signInWithCustomToken over real sockets")
struct SignInWithCustomTokenTests {
    private func customJWT(_ payload: JSONObject) -> String { craftIdToken(payload) }

    @Test func jsonTokenCreatesThenSignsInWithClaimsThatSurviveRefresh() throws {
        let fixture = try EmulatorFixture()
        let first = try fixture.call(
            "signInWithCustomToken", ["token": #"{"uid":"alice","claims":{"admin":true,"tier":2}}"#])
        #expect(first.status == 200)
        #expect(first.json["kind"]?.string == "identitytoolkit#VerifyCustomTokenResponse")
        #expect(first.json["isNewUser"]?.bool == true)
        #expect(first.json["expiresIn"]?.string == "3600")
        let claims = try #require(idTokenClaims(first.json["idToken"]?.string))
        #expect(claims["user_id"]?.string == "alice")
        #expect(claims["admin"]?.bool == true && claims["tier"]?.int == 2)
        #expect(claims["firebase"]?["sign_in_provider"]?.string == "custom")
        let refreshed = try fixture.refresh(try #require(first.json["refreshToken"]?.string))
        #expect(refreshed.status == 200)
        #expect(idTokenClaims(refreshed.json["id_token"]?.string)?["admin"]?.bool == true)
        let user = try #require(try fixture.lookupUser(first.json))
        #expect(user["customAuth"]?.bool == true)

        let second = try fixture.call("signInWithCustomToken", ["token": #"{"user_id":"alice"}"#])
        #expect(second.status == 200)
        #expect(second.json["isNewUser"]?.bool == false)
        #expect(idTokenClaims(second.json["idToken"]?.string)?["admin"] == nil)
    }

    @Test func jwtTokenNeedsTheIdentityToolkitAudience() throws {
        let fixture = try EmulatorFixture()
        let good = customJWT([
            "aud": .string(CustomToken.audience), "uid": "bob", "iss": "sa@example.iam.gserviceaccount.com",
            "exp": 1, "claims": ["role": "editor"],
        ])
        let signedIn = try fixture.call("signInWithCustomToken", ["token": .string(good)])
        #expect(signedIn.status == 200)
        #expect(idTokenClaims(signedIn.json["idToken"]?.string)?["role"]?.string == "editor")
        let idToken = try #require(signedIn.json["idToken"]?.string)
        let wrong = try fixture.call("signInWithCustomToken", ["token": .string(idToken)])
        #expect(wrong.status == 400)
        #expect(
            errorMessage(wrong.json)
                == "INVALID_CUSTOM_TOKEN : ((Invalid aud (audience): \(EmulatorFixture.projectId) Note: Firebase ID Tokens / third-party tokens cannot be used with signInWithCustomToken.))"
        )
    }

    @Test func errorsInFirebaseOrder() throws {
        let fixture = try EmulatorFixture()
        func message(_ body: JSONValue) throws -> String? {
            errorMessage(try fixture.call("signInWithCustomToken", body).json)
        }
        #expect(try message([:]) == "MISSING_CUSTOM_TOKEN")
        #expect(
            try message(["token": "{not json"])
                == "INVALID_CUSTOM_TOKEN : ((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
        #expect(try message(["token": "not-a-jwt"]) == "INVALID_CUSTOM_TOKEN : Invalid assertion format")
        #expect(try message(["token": #"{"claims":{"a":1}}"#]) == "MISSING_IDENTIFIER")
        #expect(try message(["token": #"{"uid":"u","claims":"admin"}"#]) == "INVALID_CLAIMS")
        #expect(try message(["token": #"{"uid":"u","claims":{"sub":"x"}}"#]) == "FORBIDDEN_CLAIM : sub")
    }

    @Test func disabledUserIsRefused() throws {
        let fixture = try EmulatorFixture()
        #expect(try fixture.call("signInWithCustomToken", ["token": #"{"uid":"carol"}"#]).status == 200)
        #expect(try fixture.adminProject("accounts:update", ["localId": "carol", "disableUser": true]).status == 200)
        let refused = try fixture.call("signInWithCustomToken", ["token": #"{"uid":"carol"}"#])
        #expect(refused.status == 400)
        #expect(errorMessage(refused.json) == "USER_DISABLED")
    }

    @Test func tenantTokensCarryTheirTenant() throws {
        let fixture = try EmulatorFixture()
        let withoutTenant = customJWT(["aud": .string(CustomToken.audience), "uid": "t-user"])
        let mismatch = try fixture.call(
            "signInWithCustomToken", ["token": .string(withoutTenant), "tenantId": "tenant-a"])
        #expect(errorMessage(mismatch.json) == "TENANT_ID_MISMATCH")
        let withTenant = customJWT(["aud": .string(CustomToken.audience), "uid": "t-user", "tenant_id": "tenant-a"])
        let signedIn = try fixture.call(
            "signInWithCustomToken", ["token": .string(withTenant), "tenantId": "tenant-a"])
        #expect(signedIn.status == 200)
        #expect(idTokenClaims(signedIn.json["idToken"]?.string)?["firebase"]?["tenant"]?.string == "tenant-a")
        let defaultProject = try fixture.adminProject("accounts:lookup", ["localId": ["t-user"]])
        #expect(defaultProject.json["users"] == nil, "the tenant's user is not in the default project")
    }
}

@Suite("signInWithCustomToken fidelity to Firebase's emulator source")
struct SignInWithCustomTokenFidelityTests {
    @Test func aTenantChecksTheTokensTenantBeforeItsFormat() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.call("signInWithCustomToken", ["token": "not.a-jwt", "tenantId": "tenant-a"])
        #expect(errorMessage(result.json) == "TENANT_ID_MISMATCH")
        let outside = try fixture.call("signInWithCustomToken", ["token": "not.a-jwt"])
        #expect(errorMessage(outside.json) == "INVALID_CUSTOM_TOKEN : Invalid assertion format")
    }

    @Test func anEmptyUidIsMissingEvenWithAUserId() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.call("signInWithCustomToken", ["token": #"{"uid":"","user_id":"bob"}"#])
        #expect(errorMessage(result.json) == "MISSING_IDENTIFIER")
    }
}
