import FauthJSON
import Testing

@testable import FauthEmulator

/// The tenant and project-config bodies are checked against the API's schema before any handler logic, as Firebase's
/// emulator checks every body: wrong types are `/path must be <type>`, numbers for strings and enum indexes are coerced.
@Suite("admin tenant and config bodies checked against the API schema")
struct AdminSchemaTests {
    private let v2 = "/identitytoolkit.googleapis.com/v2/projects/\(EmulatorFixture.projectId)"
    private let owner = [("Authorization", "Bearer owner")]

    @Test(
        arguments: [
            (["mfaConfig": "on"], "/mfaConfig must be object"),
            (["mfaConfig": ["state": "SOMETIMES"]], "/mfaConfig/state must be equal to one of the allowed values"),
            (["mfaConfig": ["enabledProviders": "PHONE_SMS"]], "/mfaConfig/enabledProviders must be array"),
            // Every key goes through camelCase first, map keys too, as in Firebase's emulator: "+1555…" becomes "1555…".
            (["testPhoneNumbers": ["+15555550100": ["123456"]]], "/testPhoneNumbers/15555550100 must be string"),
            (["inheritance": ["emailSendingConfig": "yes"]], "/inheritance/emailSendingConfig must be boolean"),
            (["displayName": ["T"]], "/displayName must be string"),
        ] as [(JSONValue, String)])
    func wronglyTypedTenantFieldsAreRefused(body: JSONValue, message: String) throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.client.json(path: v2 + "/tenants", body: body, headers: owner)
        #expect(created.status == 400)
        #expect(errorMessage(created.json) == "Invalid JSON payload received. " + message)
        #expect(
            try fixture.client.json(method: "GET", path: v2 + "/tenants", headers: owner).json["tenants"] == [],
            "nothing was created")
        let patched = try fixture.client.json(
            method: "PATCH", path: v2 + "/tenants/t-1?updateMask=mfaConfig", body: body, headers: owner)
        #expect(errorMessage(patched.json) == "Invalid JSON payload received. " + message)
    }

    @Test func tenantNumbersAndEnumIndexesAreCoerced() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.client.json(
            path: v2 + "/tenants",
            body: [
                "displayName": 7, "mfaConfig": ["state": 2, "enabledProviders": [1]],
            ], headers: owner)
        #expect(created.status == 200)
        #expect(created.json["displayName"] == "7")
        #expect(created.json["mfaConfig"] == ["state": "ENABLED", "enabledProviders": ["PHONE_SMS"]])
    }

    @Test(
        arguments: [
            (["signIn": "on"], "/signIn must be object"),
            (["signIn": ["allowDuplicateEmails": "true"]], "/signIn/allowDuplicateEmails must be boolean"),
            (["authorizedDomains": "localhost"], "/authorizedDomains must be array"),
            (
                ["blockingFunctions": ["triggers": ["beforeCreate": "http://localhost"]]],
                "/blockingFunctions/triggers/beforeCreate must be object"
            ),
            (
                ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": 1]],
                "/emailPrivacyConfig/enableImprovedEmailPrivacy must be boolean"
            ),
        ] as [(JSONValue, String)])
    func wronglyTypedConfigFieldsAreRefused(body: JSONValue, message: String) throws {
        let fixture = try EmulatorFixture()
        let patched = try fixture.client.json(method: "PATCH", path: v2 + "/config", body: body, headers: owner)
        #expect(patched.status == 400)
        #expect(errorMessage(patched.json) == "Invalid JSON payload received. " + message)
    }

    @Test func aConfigFunctionUriNumberIsCoercedThenCheckedAsAURI() throws {
        let fixture = try EmulatorFixture()
        let patched = try fixture.client.json(
            method: "PATCH", path: v2 + "/config",
            body: [
                "blockingFunctions": ["triggers": ["beforeCreate": ["functionUri": 5]]]
            ], headers: owner)
        #expect(
            errorMessage(patched.json)
                == "INVALID_BLOCKING_FUNCTION : ((Expected an absolute URI with valid scheme and host.))")
    }
}
