import FauthHTTPCodec
import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("securetoken token route over real sockets")
struct SecureTokenTests {
    private static let path = "/securetoken.googleapis.com/v1/token?key=fake-key"

    @Test func refreshesWithAJSONBody() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let result = try fixture.refresh(created["refreshToken"]!.string!)
        #expect(result.status == 200)
        #expect(
            result.json.object?.keys == [
                "id_token", "access_token", "expires_in", "refresh_token", "token_type", "user_id", "project_id",
            ])
        #expect(result.json["access_token"] == result.json["id_token"])
        #expect(result.json["expires_in"]?.string == "3600" && result.json["token_type"]?.string == "Bearer")
        #expect(result.json["user_id"] == created["localId"] && result.json["project_id"]?.string == "12345")
        let claims = try #require(idTokenClaims(result.json["id_token"]?.string))
        let original = try #require(idTokenClaims(created["idToken"]?.string))
        #expect(claims["auth_time"] == original["auth_time"])
        #expect(claims["firebase"]?["sign_in_provider"]?.string == "password")
    }

    @Test func refreshesWithAFormBody() throws {
        let fixture = try EmulatorFixture()
        let anonymous = try fixture.call("signUp", [:]).json
        let token = try #require(anonymous["refreshToken"]?.string)
        let body = "grant_type=refresh_token&refresh_token=" + FormURLEncoding.encode(token)
        let response = try fixture.client.send(
            method: "POST", path: Self.path,
            headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(body.utf8))
        #expect(response.status == 200)
        let json = try JSONValue.parse(response.body)
        #expect(json["user_id"] == anonymous["localId"])
        #expect(idTokenClaims(json["id_token"]?.string)?["provider_id"]?.string == "anonymous")
    }

    @Test func reportsErrorsInOrder() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let refresh = created["refreshToken"]!
        func error(_ body: JSONValue) throws -> String? {
            errorMessage(try fixture.client.json(path: Self.path, body: body).json)
        }
        #expect(try error(["refreshToken": "!!!"]) == "INVALID_REFRESH_TOKEN")
        #expect(try error([:]) == "MISSING_GRANT_TYPE")
        #expect(try error(["grantType": "password"]) == "INVALID_GRANT_TYPE")
        #expect(try error(["grantType": "refresh_token"]) == "MISSING_REFRESH_TOKEN")
        let foreign = RefreshToken(
            localId: created["localId"]!.string!, provider: "password", extraClaims: [:],
            projectId: "other-project", secondFactor: nil, tenantId: nil
        ).encoded
        #expect(try error(["grantType": "refresh_token", "refreshToken": .string(foreign)]) == "INVALID_REFRESH_TOKEN")
        let noMarker = Base64.encode(Array(#"{"localId":"x","projectId":"demo-fauth"}"#.utf8))
        #expect(
            try error(["grantType": "refresh_token", "refreshToken": .string(noMarker)]) == "INVALID_REFRESH_TOKEN")
        #expect(
            try error(["grantType": "refresh_token", "refreshToken": refresh, "tenantId": "t1"]) == "TENANT_ID_MISMATCH"
        )
        try fixture.admin("update", ["localId": created["localId"]!, "disableUser": true])
        #expect(try error(["grantType": "refresh_token", "refreshToken": refresh]) == "USER_DISABLED")
        try fixture.admin("delete", ["localId": created["localId"]!])
        #expect(try error(["grantType": "refresh_token", "refreshToken": refresh]) == "INVALID_REFRESH_TOKEN")
    }

    @Test func needsAnApiKey() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.client.json(
            path: "/securetoken.googleapis.com/v1/token", body: ["grantType": "refresh_token"])
        #expect(result.status == 403)
        #expect(result.json["error"]?["status"]?.string == "PERMISSION_DENIED")
    }
}

@Suite("securetoken fidelity to Firebase's emulator source")
struct SecureTokenFidelityTests {
    private static let path = "/securetoken.googleapis.com/v1/token?key=fake-key"

    @Test func aTenantRefreshTokenForAnotherTenantIsRefusedBeforeTheGrantType() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.call(
            "signUp", ["tenantId": "tenant-a", "email": "t@example.com", "password": "secret123"]
        ).json
        let body: JSONValue = ["refreshToken": created["refreshToken"]!, "tenantId": "tenant-b"]
        let result = try fixture.client.json(path: Self.path, body: body)
        #expect(
            errorMessage(result.json)
                == "TENANT_ID_MISMATCH: ((Refresh token tenant ID does not match target tenant ID.))")
    }

    @Test func aDeletedUserOfAnotherTenantIsAMismatchNotAnUnknownUser() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        try fixture.admin("delete", ["localId": created["localId"]!])
        let result = try fixture.client.json(
            path: Self.path,
            body: [
                "grantType": "refresh_token", "refreshToken": created["refreshToken"]!,
                "tenantId": "tenant-a",
            ])
        #expect(errorMessage(result.json) == "TENANT_ID_MISMATCH")
    }

    @Test func aDisabledTenantStillRefreshes() throws {
        let fixture = try EmulatorFixture()
        let v2 = "/identitytoolkit.googleapis.com/v2/projects/\(EmulatorFixture.projectId)/tenants"
        let owner = [("Authorization", "Bearer owner")]
        let tenantId = try #require(
            try fixture.client.json(path: v2, body: ["allowPasswordSignup": true], headers: owner).json["tenantId"])
        let created = try fixture.call(
            "signUp", ["tenantId": tenantId, "email": "t@example.com", "password": "secret123"]
        ).json
        _ = try fixture.client.json(
            method: "PATCH", path: v2 + "/\(tenantId.string!)?updateMask=disableAuth", body: ["disableAuth": true],
            headers: owner)
        #expect(
            try fixture.refresh(created["refreshToken"]!.string!).status == 200,
            "Firebase's grantToken has no PROJECT_DISABLED check")
    }
}
