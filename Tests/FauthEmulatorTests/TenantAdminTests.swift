import FauthJSON
import Testing
@testable import FauthEmulator

@Suite("admin tenant and project config routes over real sockets")
struct TenantAdminTests {
    private let v2 = "/identitytoolkit.googleapis.com/v2/projects/\(EmulatorFixture.projectId)"
    private let owner = [("Authorization", "Bearer owner")]

    @Test func explicitTenantsStartWithEveryProviderOffAndCanBeToggled() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.client.json(path: v2 + "/tenants", body: ["displayName": "T One"], headers: owner)
        #expect(created.status == 200)
        let tenantId = try #require(created.json["tenantId"]?.string)
        #expect(created.json["name"]?.string == "projects/\(EmulatorFixture.projectId)/tenants/\(tenantId)")
        #expect(created.json["allowPasswordSignup"]?.bool == false && created.json["enableAnonymousUser"]?.bool == false)
        #expect(created.json["mfaConfig"] == ["state": "DISABLED"] && created.json["displayName"]?.string == "T One")
        let tenant = JSONValue.string(tenantId)
        #expect(errorMessage(try fixture.call("signUp", ["tenantId": tenant, "email": "a@x.y", "password": "secret123"]).json)
                == "OPERATION_NOT_ALLOWED")
        #expect(errorMessage(try fixture.call("signUp", ["tenantId": tenant]).json) == "ADMIN_ONLY_OPERATION")
        #expect(errorMessage(try fixture.call("signInWithPassword", ["tenantId": tenant, "email": "a@x.y", "password": "x"]).json)
                == "PASSWORD_LOGIN_DISABLED")
        #expect(errorMessage(try fixture.call("sendOobCode", ["tenantId": tenant, "requestType": "EMAIL_SIGNIN", "email": "a@x.y"]).json)
                == "OPERATION_NOT_ALLOWED")
        let patched = try fixture.client.json(method: "PATCH", path: v2 + "/tenants/\(tenantId)?updateMask=allowPasswordSignup",
                                              body: ["allowPasswordSignup": true, "enableAnonymousUser": true], headers: owner)
        #expect(patched.json["allowPasswordSignup"]?.bool == true && patched.json["enableAnonymousUser"]?.bool == false)
        #expect(try fixture.call("signUp", ["tenantId": tenant, "email": "a@x.y", "password": "secret123"]).status == 200)
        _ = try fixture.client.json(method: "PATCH", path: v2 + "/tenants/\(tenantId)", body: ["disableAuth": true], headers: owner)
        #expect(errorMessage(try fixture.call("signUp", ["tenantId": tenant]).json) == "PROJECT_DISABLED")
        let list = try fixture.client.json(method: "GET", path: v2 + "/tenants", headers: owner)
        #expect(list.json["tenants"]?.array?.compactMap { $0["tenantId"]?.string } == [tenantId])
        #expect(try fixture.client.json(method: "DELETE", path: v2 + "/tenants/\(tenantId)", headers: owner).status == 200)
        let gone = try fixture.client.json(method: "GET", path: v2 + "/tenants/\(tenantId)", headers: owner)
        #expect(errorMessage(gone.json) == "TENANT_NOT_FOUND")
    }

    @Test func adminRoutesNeedTheOwnerCredential() throws {
        let fixture = try EmulatorFixture()
        let keyOnly = try fixture.client.json(method: "GET", path: v2 + "/tenants?key=k")
        #expect(errorMessage(keyOnly.json) == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
        #expect(try fixture.client.json(method: "GET", path: v2 + "/tenants").status == 403)
    }

    @Test func projectConfigHonoursTheUpdateMask() throws {
        let fixture = try EmulatorFixture()
        let body: JSONValue = ["signIn": ["allowDuplicateEmails": true], "emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]]
        let patched = try fixture.client.json(method: "PATCH", path: v2 + "/config?updateMask=emailPrivacyConfig", body: body,
                                              headers: owner)
        #expect(patched.json == ["name": .string("projects/\(EmulatorFixture.projectId)/config"),
                                 "signIn": ["allowDuplicateEmails": false], "emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        #expect(try fixture.control("GET", "config").json["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.bool == true)
    }
}
