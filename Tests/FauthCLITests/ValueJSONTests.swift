import FauthCore
import FauthJSON
import Testing

@testable import FauthCLI

/// The `--json` shapes the command line gives the core's values (docs/design/cli.md).
@Suite struct ValueJSONTests {
    @Test func aUserHasEveryKeyOfTheShapeInOrderNullWhenAbsent() throws {
        let user = try #require(UserProfile(uid: "anon-1", isAnonymous: true).jsonObject().object)
        #expect(
            user.keys == [
                "uid", "email", "emailVerified", "displayName", "photoURL", "phoneNumber", "isAnonymous", "tenantId",
                "providers", "createdAt", "lastSignInAt",
            ])
        #expect(user["email"] == .null)
        #expect(user["createdAt"] == .null)
        #expect(user["providers"] == [])
        #expect(user["isAnonymous"] == true)
    }

    @Test func aUserHasDatesInISO8601AndProvidersWithEveryKey() throws {
        let profile = UserProfile(
            uid: "uid-1", providers: [ProviderInfo(providerId: "google.com", uid: "g-123")],
            createdAt: UnixTime(seconds: 1_700_000_000))
        let user = try #require(profile.jsonObject().object)
        #expect(user["createdAt"] == "2023-11-14T22:13:20Z")
        let provider = try #require(user["providers"]?.array?.first?.object)
        #expect(provider.keys == ["providerId", "uid", "email", "displayName", "photoURL", "phoneNumber"])
        #expect(provider["photoURL"] == .null)
    }

    @Test func aBackendShowsTheKeyByItsEndOnly() {
        #expect(
            BackendTarget(projectId: "prod", apiKey: "AIzaSyABCDEFGH").jsonObject() == [
                "server": "google", "emulatorHost": .null, "endpoint": .null, "projectId": "prod",
                "apiKeySuffix": "EFGH", "tenantId": .null,
            ])
        let gateway = BackendTarget(server: .endpoint("https://gateway.example.com"), apiKey: "AIza-real-key")
        #expect(gateway.jsonObject()["endpoint"] == "https://gateway.example.com")
    }

    @Test func aPasswordRequirementNamesItsRule() {
        let policy = PasswordPolicy(json: ["enforcementState": "OFF"])
        #expect(
            policy.requirements(for: "12345").map(\.jsonObject) == [
                ["rule": "minPasswordLength", "required": 6, "met": false]
            ])
    }

    @Test func aFactorHasItsPhoneNumberMasked() {
        let factor = MFAEnrollment(enrollmentId: "e1", phoneNumber: "+15555550100")
        #expect(
            factor.jsonObject == [
                "uid": "e1", "factorId": "phone", "displayName": .null, "phoneNumber": "+*******0100",
                "enrolledAt": .null,
            ])
    }
}
