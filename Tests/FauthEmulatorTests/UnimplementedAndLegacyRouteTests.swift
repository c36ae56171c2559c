import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("routes Firebase's emulator knows but does not implement, and the legacy v3 admin rewrites")
struct UnimplementedAndLegacyRouteTests {
    private let owner = [("Authorization", "Bearer owner")]

    @Test(arguments: [
        (
            "GET", "/identitytoolkit.googleapis.com/v2/projects/demo-fauth/oauthIdpConfigs",
            "identitytoolkit.projects.oauthIdpConfigs.list"
        ),
        (
            "POST", "/identitytoolkit.googleapis.com/v2/projects/demo-fauth/inboundSamlConfigs",
            "identitytoolkit.projects.inboundSamlConfigs.create"
        ),
        (
            "PATCH", "/identitytoolkit.googleapis.com/v2/projects/demo-fauth/defaultSupportedIdpConfigs/google.com",
            "identitytoolkit.projects.defaultSupportedIdpConfigs.patch"
        ),
        (
            "DELETE", "/identitytoolkit.googleapis.com/v2/projects/demo-fauth/tenants/t1/oauthIdpConfigs/oidc.x",
            "identitytoolkit.projects.tenants.oauthIdpConfigs.delete"
        ),
        (
            "POST", "/identitytoolkit.googleapis.com/v2/projects/demo-fauth/identityPlatform:initializeAuth",
            "identitytoolkit.projects.identityPlatform.initializeAuth"
        ),
        ("GET", "/identitytoolkit.googleapis.com/v2/defaultSupportedIdps", "identitytoolkit.defaultSupportedIdps.list"),
        (
            "POST", "/identitytoolkit.googleapis.com/v2/projects/demo-fauth/tenants/t1:getIamPolicy",
            "identitytoolkit.projects.tenants.getIamPolicy"
        ),
        (
            "POST", "/identitytoolkit.googleapis.com/v2/projects/demo-fauth/tenants/t1:setIamPolicy",
            "identitytoolkit.projects.tenants.setIamPolicy"
        ),
        (
            "POST", "/identitytoolkit.googleapis.com/v2/projects/demo-fauth/tenants/t1:testIamPermissions",
            "identitytoolkit.projects.tenants.testIamPermissions"
        ),
        (
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:issueSamlResponse",
            "identitytoolkit.accounts.issueSamlResponse"
        ),
    ])
    func knownButUnimplementedRoutesAnswer501(method: String, path: String, operationId: String) throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.client.json(
            method: method, path: path, body: method == "GET" || method == "DELETE" ? nil : [:],
            headers: owner)
        #expect(result.status == 501)
        #expect(result.json["error"]?["status"]?.string == "NOT_IMPLEMENTED")
        #expect(errorMessage(result.json) == "\(operationId) is not implemented in the Auth Emulator.")
    }

    @Test func adminOnlyUnimplementedRoutesStillNeedTheAdminCredential() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.client.json(
            method: "GET", path: "/identitytoolkit.googleapis.com/v2/projects/demo-fauth/oauthIdpConfigs?key=k")
        #expect(
            errorMessage(result.json)
                == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
    }

    @Test func legacySignOutUserIsNotImplemented() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.client.json(
            path: "/www.googleapis.com/identitytoolkit/v3/relyingparty/signOutUser?key=k", body: [:])
        #expect(result.status == 501)
        #expect(errorMessage(result.json) == "signOutUser is not implemented in the Auth Emulator.")
    }

    @Test func legacyUploadAndDownloadAccountBecomeBatchCreateAndBatchGet() throws {
        let fixture = try EmulatorFixture()
        let legacy = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"
        let missing = try fixture.client.json(
            path: legacy + "uploadAccount", body: ["users": [["localId": "u1"]]], headers: owner)
        #expect(missing.status == 400 && errorMessage(missing.json) == "INSUFFICIENT_PERMISSION")
        let uploaded = try fixture.client.json(
            path: legacy + "uploadAccount",
            body: [
                "target_project_id": "demo-fauth",
                "users": [["localId": "u1", "email": "u1@example.com"], ["localId": "u2"]],
            ], headers: owner)
        #expect(uploaded.status == 200 && uploaded.json["kind"]?.string == "identitytoolkit#UploadAccountResponse")
        let page = try fixture.client.json(
            path: legacy + "downloadAccount", body: ["targetProjectId": "demo-fauth", "maxResults": 1],
            headers: owner)
        #expect(page.status == 200)
        #expect(page.json["users"]?.array?.map { $0["localId"] } == ["u1"])
        let next = try #require(page.json["nextPageToken"]?.string)
        let rest = try fixture.client.json(
            path: legacy + "downloadAccount", body: ["targetProjectId": "demo-fauth", "nextPageToken": .string(next)],
            headers: owner)
        #expect(rest.json["users"]?.array?.map { $0["localId"] } == ["u2"])
        let unauthenticated = try fixture.client.json(
            path: legacy + "downloadAccount?key=k", body: ["targetProjectId": "demo-fauth"])
        #expect(
            errorMessage(unauthenticated.json)
                == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
    }
}
