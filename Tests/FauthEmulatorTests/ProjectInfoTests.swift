import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("project info routes and legacy v3 paths over real sockets")
struct ProjectInfoTests {
    @Test func servesTheProjectConfigAndFakeRecaptchaParams() throws {
        let fixture = try EmulatorFixture()
        let project = try fixture.client.json(method: "GET", path: "/identitytoolkit.googleapis.com/v1/projects?key=k")
        #expect(project.json == ["projectId": "12345", "authorizedDomains": ["localhost"]])
        let tenant = try fixture.client.json(
            method: "GET", path: "/identitytoolkit.googleapis.com/v1/projects?key=k&tenantId=t")
        #expect(errorMessage(tenant.json) == "UNSUPPORTED_TENANT_OPERATION")
        let recaptcha = try fixture.client.json(
            method: "GET", path: "/identitytoolkit.googleapis.com/v1/recaptchaParams?key=k")
        #expect(recaptcha.json["recaptchaSiteKey"]?.string?.isEmpty == false)
    }

    @Test func legacyV3PathsReachTheV1Routes() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.client.json(
            path: "/www.googleapis.com/identitytoolkit/v3/relyingparty/signupNewUser?key=k",
            body: ["email": "a@example.com", "password": "secret123"])
        #expect(created.status == 200 && created.json["kind"]?.string == "identitytoolkit#SignupNewUserResponse")
        let signedIn = try fixture.client.json(
            path: "/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyPassword?key=k",
            body: ["email": "a@example.com", "password": "secret123"])
        #expect(signedIn.json["localId"] == created.json["localId"])
        #expect(try fixture.control("GET", "stats").json["requests"]?["accounts:signUp"]?.int == 1)
        let unknown = try fixture.client.json(
            path: "/www.googleapis.com/identitytoolkit/v3/relyingparty/nothing?key=k", body: [:])
        #expect(unknown.status == 404)
    }
}
