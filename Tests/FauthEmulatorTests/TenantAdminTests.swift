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
        #expect(
            created.json["allowPasswordSignup"]?.bool == false && created.json["enableAnonymousUser"]?.bool == false)
        #expect(
            created.json["mfaConfig"] == ["state": "DISABLED", "enabledProviders": []]
                && created.json["displayName"]?.string == "T One")
        let tenant = JSONValue.string(tenantId)
        #expect(
            errorMessage(
                try fixture.call("signUp", ["tenantId": tenant, "email": "a@x.y", "password": "secret123"]).json)
                == "OPERATION_NOT_ALLOWED")
        #expect(errorMessage(try fixture.call("signUp", ["tenantId": tenant]).json) == "ADMIN_ONLY_OPERATION")
        #expect(
            errorMessage(
                try fixture.call("signInWithPassword", ["tenantId": tenant, "email": "a@x.y", "password": "x"]).json)
                == "PASSWORD_LOGIN_DISABLED")
        #expect(
            errorMessage(
                try fixture.call("sendOobCode", ["tenantId": tenant, "requestType": "EMAIL_SIGNIN", "email": "a@x.y"])
                    .json)
                == "OPERATION_NOT_ALLOWED")
        let patched = try fixture.client.json(
            method: "PATCH", path: v2 + "/tenants/\(tenantId)?updateMask=allowPasswordSignup",
            body: ["allowPasswordSignup": true, "enableAnonymousUser": true], headers: owner)
        #expect(patched.json["allowPasswordSignup"]?.bool == true && patched.json["enableAnonymousUser"]?.bool == false)
        #expect(
            try fixture.call("signUp", ["tenantId": tenant, "email": "a@x.y", "password": "secret123"]).status == 200)
        _ = try fixture.client.json(
            method: "PATCH", path: v2 + "/tenants/\(tenantId)", body: ["disableAuth": true], headers: owner)
        #expect(errorMessage(try fixture.call("signUp", ["tenantId": tenant]).json) == "PROJECT_DISABLED")
        let list = try fixture.client.json(method: "GET", path: v2 + "/tenants", headers: owner)
        #expect(list.json["tenants"]?.array?.compactMap { $0["tenantId"]?.string } == [tenantId])
        #expect(
            try fixture.client.json(method: "DELETE", path: v2 + "/tenants/\(tenantId)", headers: owner).status == 200)
        // As in Firebase's emulator, naming a tenant that does not exist creates it, with every provider on.
        let again = try fixture.client.json(method: "GET", path: v2 + "/tenants/\(tenantId)", headers: owner)
        #expect(
            again.status == 200 && again.json["allowPasswordSignup"]?.bool == true
                && again.json["disableAuth"]?.bool == false)
    }

    @Test func adminRoutesNeedTheOwnerCredential() throws {
        let fixture = try EmulatorFixture()
        let keyOnly = try fixture.client.json(method: "GET", path: v2 + "/tenants?key=k")
        #expect(
            errorMessage(keyOnly.json)
                == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
        #expect(try fixture.client.json(method: "GET", path: v2 + "/tenants").status == 403)
    }

    @Test func projectConfigHonoursTheUpdateMask() throws {
        let fixture = try EmulatorFixture()
        let body: JSONValue = [
            "signIn": ["allowDuplicateEmails": true], "emailPrivacyConfig": ["enableImprovedEmailPrivacy": true],
        ]
        let patched = try fixture.client.json(
            method: "PATCH", path: v2 + "/config?updateMask=emailPrivacyConfig", body: body,
            headers: owner)
        #expect(
            patched.json == [
                "signIn": ["allowDuplicateEmails": false], "blockingFunctions": [:],
                "emailPrivacyConfig": ["enableImprovedEmailPrivacy": true],
            ])
        #expect(
            try fixture.control("GET", "config").json["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.bool == true
        )
    }
}

@Suite("admin tenant routes: fidelity to Firebase's emulator source")
struct TenantAdminFidelityTests {
    private let v2 = "/identitytoolkit.googleapis.com/v2/projects/\(EmulatorFixture.projectId)"
    private let owner = [("Authorization", "Bearer owner")]

    @Test func createKeepsTheTenantFieldsOnlyAndCompletesMfaConfig() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.client.json(
            path: v2 + "/tenants",
            body: [
                "displayName": "T", "mfaConfig": ["state": "ENABLED"],
                "smsRegionConfig": ["allowByDefault": [:]],
            ], headers: owner)
        let tenantId = try #require(created.json["tenantId"]?.string)
        #expect(tenantId.count == 28)
        #expect(created.json["mfaConfig"] == ["state": "ENABLED", "enabledProviders": []])
        #expect(created.json["smsRegionConfig"] == nil)
        #expect(created.json["disableAuth"]?.bool == false && created.json["displayName"]?.string == "T")
    }

    @Test func aPatchWithoutMaskReplacesTheTenantWithDefaults() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.client.json(
            path: v2 + "/tenants",
            body: [
                "displayName": "T", "allowPasswordSignup": true,
                "enableAnonymousUser": true,
            ], headers: owner)
        let tenantId = try #require(created.json["tenantId"]?.string)
        let replaced = try fixture.client.json(
            method: "PATCH", path: v2 + "/tenants/\(tenantId)", body: ["enableEmailLinkSignin": true],
            headers: owner)
        #expect(
            replaced.json["allowPasswordSignup"]?.bool == false && replaced.json["enableAnonymousUser"]?.bool == false)
        #expect(replaced.json["enableEmailLinkSignin"]?.bool == true && replaced.json["displayName"] == nil)
        #expect(replaced.json["mfaConfig"] == ["state": "DISABLED", "enabledProviders": []])
        let masked = try fixture.client.json(
            method: "PATCH", path: v2 + "/tenants/\(tenantId)?updateMask=mfaConfig.state,displayName",
            body: ["displayName": "U", "mfaConfig": ["state": "ENABLED", "enabledProviders": ["PHONE_SMS"]]],
            headers: owner)
        #expect(masked.json["displayName"]?.string == "U")
        #expect(masked.json["mfaConfig"] == ["state": "ENABLED", "enabledProviders": []])
    }

    @Test func anUnknownTenantIsCreatedImplicitlyWithEverythingOn() throws {
        let fixture = try EmulatorFixture()
        let fetched = try fixture.client.json(method: "GET", path: v2 + "/tenants/never-made", headers: owner)
        #expect(fetched.status == 200)
        #expect(
            fetched.json == [
                "name": .string("projects/\(EmulatorFixture.projectId)/tenants/never-made"), "tenantId": "never-made",
                "allowPasswordSignup": true, "enableEmailLinkSignin": true, "enableAnonymousUser": true,
                "disableAuth": false, "mfaConfig": ["enabledProviders": ["PHONE_SMS"], "state": "ENABLED"],
            ])
        #expect(
            try fixture.client.json(method: "DELETE", path: v2 + "/tenants/also-never-made", headers: owner).status
                == 200)
    }

    @Test func listingPagesByTenantId() throws {
        let fixture = try EmulatorFixture()
        var ids: [String] = []
        for _ in 0..<3 {
            let created = try fixture.client.json(path: v2 + "/tenants", body: [:], headers: owner)
            ids.append(try #require(created.json["tenantId"]?.string))
        }
        ids.sort()
        let first = try fixture.client.json(method: "GET", path: v2 + "/tenants?pageSize=2", headers: owner)
        #expect(first.json["tenants"]?.array?.compactMap { $0["tenantId"]?.string } == Array(ids.prefix(2)))
        #expect(first.json["nextPageToken"]?.string == ids[1])
        let rest = try fixture.client.json(
            method: "GET", path: v2 + "/tenants?pageSize=2&pageToken=\(ids[1])", headers: owner)
        #expect(rest.json["tenants"]?.array?.compactMap { $0["tenantId"]?.string } == [ids[2]])
        #expect(rest.json["nextPageToken"] == nil)
    }
}

@Suite("admin and emulator project config: fidelity to Firebase's emulator source")
struct ProjectConfigFidelityTests {
    private let path = "/identitytoolkit.googleapis.com/v2/projects/\(EmulatorFixture.projectId)/config"
    private let owner = [("Authorization", "Bearer owner")]

    @Test func aPatchWithoutMaskIsAFullUpdateWithProductionDefaults() throws {
        let fixture = try EmulatorFixture()
        let body: JSONValue = [
            "signIn": ["allowDuplicateEmails": true],
            "blockingFunctions": ["forwardInboundCredentials": ["idToken": true]],
        ]
        let first = try fixture.client.json(method: "PATCH", path: path, body: body, headers: owner)
        #expect(first.json["signIn"]?["allowDuplicateEmails"]?.bool == true)
        #expect(first.json["blockingFunctions"] == ["forwardInboundCredentials": ["idToken": true]])
        let reset = try fixture.client.json(method: "PATCH", path: path, body: [:], headers: owner)
        #expect(
            reset.json == [
                "signIn": ["allowDuplicateEmails": false], "blockingFunctions": [:],
                "emailPrivacyConfig": ["enableImprovedEmailPrivacy": false],
            ])
        let masked = try fixture.client.json(
            method: "PATCH",
            path: path + "?updateMask=signIn.allowDuplicateEmails,blockingFunctions.forwardInboundCredentials.idToken",
            body: body, headers: owner)
        #expect(masked.json["blockingFunctions"] == ["forwardInboundCredentials": ["idToken": true]])
        #expect(try fixture.client.json(method: "GET", path: path, headers: owner).json == masked.json)
    }

    @Test func blockingFunctionTriggersAreChecked() throws {
        let fixture = try EmulatorFixture()
        let event = try fixture.client.json(
            method: "PATCH", path: path,
            body: [
                "blockingFunctions": [
                    "triggers": [
                        "invalidEventTrigger": ["functionUri": "http://localhost"]
                    ]
                ]
            ], headers: owner)
        #expect(errorMessage(event.json) == "INVALID_BLOCKING_FUNCTION : ((Event type is invalid.))")
        let uri = try fixture.client.json(
            method: "PATCH", path: path,
            body: [
                "blockingFunctions": [
                    "triggers": [
                        "beforeCreate": ["functionUri": "invalidUri"]
                    ]
                ]
            ], headers: owner)
        #expect(
            errorMessage(uri.json)
                == "INVALID_BLOCKING_FUNCTION : ((Expected an absolute URI with valid scheme and host.))")
    }

    @Test func anEmulatorPatchWithoutFirebaseOrFauthKeysResetsFirebasesKeys() throws {
        let fixture = try EmulatorFixture()
        try fixture.configure([
            "signIn": ["allowDuplicateEmails": true], "emailPrivacyConfig": ["enableImprovedEmailPrivacy": true],
        ])
        try fixture.configure(["fauth": ["recentLoginSeconds": 30]])
        #expect(
            try fixture.control("GET", "config").json["signIn"]?["allowDuplicateEmails"]?.bool == true,
            "fauth keys alone keep them")
        let reset = try fixture.control("PATCH", "config", [:])
        #expect(reset.json["signIn"] == ["allowDuplicateEmails": false])
        #expect(reset.json["emailPrivacyConfig"] == ["enableImprovedEmailPrivacy": false])
        #expect(reset.json["fauth"]?["recentLoginSeconds"]?.int == 30)
    }
}
