import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("request fields fidelity: JavaScript truthiness and schema types")
struct RequestFieldFidelityTests {
    @Test func emptyOptionalFieldsCountAsAbsent() throws {
        let fixture = try EmulatorFixture()
        try fixture.signUp("a@example.com")
        let signIn = try fixture.call(
            "signInWithPassword",
            [
                "email": "a@example.com", "password": "secret123", "idToken": "",
                "captchaResponse": "",
            ])
        #expect(signIn.status == 200)
        let uri = try fixture.call(
            "createAuthUri", ["identifier": "a@example.com", "continueUri": "http://x/", "providerId": ""])
        #expect(uri.status == 200 && uri.json["registered"]?.bool == true)
    }

    @Test func aBooleanIsNotAString() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.call("signUp", ["email": true, "password": "secret123"])
        #expect(result.json["error"]?["status"]?.string == "INVALID_ARGUMENT")
        #expect(errorMessage(result.json) == "Invalid JSON payload received. /email must be string")
        // A string is not a boolean either.
        let flag = try fixture.admin(
            "sendOobCode", ["requestType": "PASSWORD_RESET", "email": "a@example.com", "returnOobLink": "true"])
        #expect(errorMessage(flag.json) == "Invalid JSON payload received. /returnOobLink must be boolean")
        // Numbers are coerced to strings, as Firebase's emulator does for the Admin SDKs.
        #expect(
            errorMessage(try fixture.admin("update", ["localId": "nobody", "validSince": 1_611_780_718]).json)
                == "USER_NOT_FOUND")
    }
}

@Suite("request pre-handler fidelity: the tenant of a request")
struct RequestTenantFidelityTests {
    @Test func anIdTokenOfAnotherTenantIsAMismatchBeforeTheHandler() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.call(
            "signUp", ["tenantId": "tenant-a", "email": "t@example.com", "password": "secret123"]
        ).json
        let idToken = try #require(created["idToken"])
        let admin = try fixture.adminProject("accounts:lookup", ["idToken": idToken, "tenantId": "tenant-b"])
        #expect(errorMessage(admin.json) == "TENANT_ID_MISMATCH")
        let path = try fixture.adminProject("accounts:lookup", ["idToken": idToken], tenant: "tenant-b")
        #expect(errorMessage(path.json) == "TENANT_ID_MISMATCH")
        // Before the handler's own checks: MISSING_PASSWORD would come next.
        let signUp = try fixture.call("signUp", ["idToken": idToken, "tenantId": "tenant-b", "email": "x@example.com"])
        #expect(errorMessage(signUp.json) == "TENANT_ID_MISMATCH")
    }

    @Test func aJwtWithoutAFirebaseClaimCrashesEvenWithATenant() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.call(
            "lookup", ["idToken": .string(craftIdToken(["user_id": "u"])), "tenantId": "tenant-a"])
        #expect(result.status == 500)
    }
}
