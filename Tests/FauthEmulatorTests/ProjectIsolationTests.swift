import FauthJSON
import Foundation
import Testing

@testable import FauthEmulator

/// One state per project, as Firebase's emulator keeps: what one project ID holds (accounts, sign-ins, config,
/// tenants, codes, counters and faults, exports) is invisible from another.
@Suite("projects side by side")
struct ProjectIsolationTests {
    private let other = "other-proj"

    /// Sends `body` to `/identitytoolkit.googleapis.com/<version>/projects/<project>/<suffix>` as the admin.
    @discardableResult
    private func admin(
        _ fixture: EmulatorFixture, _ project: String, _ suffix: String, _ body: JSONValue? = nil,
        method: String = "POST", version: String = "v1"
    ) throws -> (status: Int, json: JSONValue) {
        try fixture.client.json(
            method: method, path: "/identitytoolkit.googleapis.com/\(version)/projects/\(project)/\(suffix)",
            body: body, headers: [("Authorization", "Bearer owner")])
    }

    /// Sends to `/emulator/v1/projects/<project>/<suffix>`.
    @discardableResult
    private func control(
        _ fixture: EmulatorFixture, _ project: String, _ method: String, _ suffix: String, _ body: JSONValue? = nil
    ) throws -> (status: Int, json: JSONValue) {
        try fixture.client.json(method: method, path: "/emulator/v1/projects/\(project)/\(suffix)", body: body)
    }

    private func emails(_ fixture: EmulatorFixture, in project: String) throws -> [String] {
        let batch = try admin(fixture, project, "accounts:batchGet?maxResults=100", method: "GET")
        #expect(batch.status == 200)
        return (batch.json["users"]?.array ?? []).compactMap { $0["email"]?.string }.sorted()
    }

    @Test func accountsAndSignInsStayInTheirProject() throws {
        let fixture = try EmulatorFixture()
        let created = try admin(
            fixture, other, "accounts", ["email": "o@example.com", "password": "secret123", "localId": "o-1"])
        #expect(created.status == 200)
        #expect(try emails(fixture, in: other) == ["o@example.com"])
        #expect(try emails(fixture, in: EmulatorFixture.projectId) == [])

        // API keys land in the default project, which has never heard of the user.
        let refused = try fixture.call(
            "signInWithPassword", ["email": "o@example.com", "password": "secret123", "returnSecureToken": true])
        #expect(errorMessage(refused.json) == "EMAIL_NOT_FOUND")
        let lookup = try admin(fixture, EmulatorFixture.projectId, "accounts:lookup", ["localId": ["o-1"]])
        #expect(lookup.status == 200 && lookup.json["users"] == nil)

        // The same email signs up in the default project as a new account.
        let own = try fixture.signUp("o@example.com")
        #expect(own["localId"]?.string != "o-1")
        #expect(try emails(fixture, in: other) == ["o@example.com"])

        // An admin sign-in that names the project lands there: its ID token is that project's.
        let signIn = try fixture.client.json(
            path: "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
            body: ["email": "o@example.com", "password": "secret123", "targetProjectId": .string(other)],
            headers: [("Authorization", "Bearer owner")])
        #expect(signIn.status == 200)
        #expect(signIn.json["localId"]?.string == "o-1")
        #expect(idTokenClaims(signIn.json["idToken"]?.string)?["aud"]?.string == other)
        // Its refresh token is not the default project's (API-key refreshes are).
        let refresh = try fixture.refresh(try #require(signIn.json["refreshToken"]?.string))
        #expect(errorMessage(refresh.json) == "INVALID_REFRESH_TOKEN")
    }

    @Test func configTenantsCodesAndFaultsStayInTheirProject() throws {
        let fixture = try EmulatorFixture()
        #expect(
            try control(fixture, other, "PATCH", "config", ["signIn": ["allowDuplicateEmails": true]]).status == 200)
        #expect(try fixture.control("GET", "config").json["signIn"]?["allowDuplicateEmails"] == false)
        #expect(try control(fixture, other, "GET", "config").json["signIn"]?["allowDuplicateEmails"] == true)

        let tenant = try admin(fixture, other, "tenants", ["displayName": "T"], version: "v2")
        #expect(tenant.status == 200)
        #expect(tenant.json["name"]?.string?.hasPrefix("projects/\(other)/tenants/") == true)
        let ownTenants = try admin(fixture, EmulatorFixture.projectId, "tenants", method: "GET", version: "v2")
        #expect(ownTenants.json["tenants"]?.array?.isEmpty == true)
        let otherTenants = try admin(fixture, other, "tenants", method: "GET", version: "v2")
        #expect(otherTenants.json["tenants"]?.array?.count == 1)

        try admin(fixture, other, "accounts", ["email": "c@example.com", "password": "secret123"])
        let sent = try admin(
            fixture, other, "accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "c@example.com"])
        #expect(sent.status == 200)
        #expect(try control(fixture, other, "GET", "oobCodes").json["oobCodes"]?.array?.count == 1)
        #expect(try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.isEmpty == true)

        // A fault queued in one project never reaches another's requests; counters are per project.
        let fault: JSONValue = ["route": "accounts:lookup", "status": 503, "body": "{}"]
        #expect(try control(fixture, other, "POST", "faults", fault).status == 200)
        #expect(try admin(fixture, EmulatorFixture.projectId, "accounts:lookup", ["localId": ["x"]]).status == 200)
        #expect(try admin(fixture, other, "accounts:lookup", ["localId": ["x"]]).status == 503)
        #expect(try fixture.control("GET", "stats").json["requests"]?["accounts:lookup"] == 1)
        #expect(try control(fixture, other, "GET", "stats").json["requests"]?["accounts:lookup"] == 1)
    }

    @Test func exportsCarryEveryProjectApart() throws {
        let source = try EmulatorFixture()
        try source.signUp("d@example.com")
        try admin(source, other, "accounts", ["email": "o@example.com", "password": "other123", "tenantId": "t-1"])
        try admin(source, other, "accounts", ["email": "p@example.com", "password": "other123"])
        try admin(
            source, other, "tenants/t-1?updateMask=displayName", ["displayName": "Tee"], method: "PATCH", version: "v2")
        try control(source, other, "PATCH", "config", ["fauth": ["recentLoginSeconds": 7]])

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-projects-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try source.emulator.exportState(to: directory)
        // The default project alone is in Firebase's files; the other project is listed beside them.
        let accounts = try JSONValue.parse(
            Array(try #require(FileManager.default.contents(atPath: directory + "/auth_export/accounts.json"))))
        #expect(accounts["users"]?.array?.compactMap { $0["email"]?.string } == ["d@example.com"])
        let manifest = try JSONValue.parse(
            Array(try #require(FileManager.default.contents(atPath: directory + "/auth_export/projects.json"))))
        #expect(manifest == ["projects": [["projectId": .string(other), "folder": "projects/0"]]])

        let target = try EmulatorFixture()
        try target.emulator.importState(from: directory)
        #expect(try emails(target, in: EmulatorFixture.projectId) == ["d@example.com"])
        #expect(try emails(target, in: other) == ["p@example.com"])
        let tenantUsers = try admin(target, other, "tenants/t-1/accounts:batchGet", method: "GET")
        #expect(tenantUsers.json["users"]?.array?.compactMap { $0["email"]?.string } == ["o@example.com"])
        #expect(try admin(target, other, "tenants/t-1", method: "GET", version: "v2").json["displayName"] == "Tee")
        #expect(try control(target, other, "GET", "config").json["fauth"]?["recentLoginSeconds"] == 7)
        #expect(try target.control("GET", "config").json["fauth"]?["recentLoginSeconds"] == .null)
        let signIn = try target.client.json(
            path: "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
            body: ["email": "p@example.com", "password": "other123", "targetProjectId": .string(other)],
            headers: [("Authorization", "Bearer owner")])
        #expect(signIn.status == 200)
    }
}
