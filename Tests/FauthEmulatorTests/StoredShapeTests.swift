import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("stored users keep the shapes of Firebase's emulator: which optional keys exist")
struct StoredShapeTests {
    private func adminUser(_ fixture: EmulatorFixture, _ localId: JSONValue) throws -> JSONValue? {
        try fixture.admin("lookup", ["localId": [localId]]).json["users"]?.array?.first
    }

    @Test func withdrawingTheLastFactorLeavesAnEmptyListAndAnEmptyUpdateDropsIt() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.adminProject(
            "accounts", ["email": "m@example.com", "password": "secret123", "emailVerified": true])
        let localId = try #require(created.json["localId"])
        let idToken = try #require(fixture.signIn("m@example.com")["idToken"])
        #expect(try adminUser(fixture, localId)?["mfaInfo"] == nil, "no key before any factor")
        try fixture.admin(
            "update",
            ["localId": localId, "mfa": ["enrollments": [["mfaEnrollmentId": "e1", "phoneInfo": "+15555550100"]]]])
        let enrollmentId = try #require(try adminUser(fixture, localId)?["mfaInfo"]?.array?.first?["mfaEnrollmentId"])
        let withdrawn = try fixture.mfa(
            "mfaEnrollment:withdraw", ["idToken": idToken, "mfaEnrollmentId": enrollmentId])
        #expect(withdrawn.status == 200)
        #expect(try adminUser(fixture, localId)?["mfaInfo"] == .array([]))
        try fixture.admin("update", ["localId": localId, "mfa": ["enrollments": []]])
        #expect(try adminUser(fixture, localId)?["mfaInfo"] == nil)
    }

    @Test func disabledIsAbsentUntilItIsSet() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("d@example.com")
        let localId = try #require(created["localId"])
        #expect(try adminUser(fixture, localId)?["disabled"] == nil)
        let admin = try fixture.adminProject("accounts", ["email": "e@example.com", "disabled": false])
        let adminId = try #require(admin.json["localId"])
        #expect(try adminUser(fixture, adminId)?["disabled"] == nil)
        try fixture.admin("update", ["localId": localId, "disableUser": false])
        #expect(try adminUser(fixture, localId)?["disabled"] == .bool(false))
        _ = try fixture.adminProject("accounts:batchCreate", ["users": [["localId": "imported"]]])
        #expect(try adminUser(fixture, "imported")?["disabled"] == .bool(false))
    }

    @Test func anonymousAndCustomTokenUsersHaveNoEmailVerifiedKey() throws {
        let fixture = try EmulatorFixture()
        let anonymous = try fixture.call("signUp", ["returnSecureToken": true]).json
        let anonymousId = try #require(anonymous["localId"])
        let user = try #require(try adminUser(fixture, anonymousId))
        #expect(user["emailVerified"] == nil && user["disabled"] == nil && user["mfaInfo"] == nil)
        try fixture.call("signInWithCustomToken", ["token": "{\"uid\":\"custom-1\"}"])
        let custom = try #require(try adminUser(fixture, "custom-1"))
        #expect(custom["emailVerified"] == nil && custom["customAuth"] == .bool(true))
    }
}
