import FauthJSON
import FauthTestSupport
import Testing

@testable import FauthEmulator

/// Firebase's emulator answers its API routes through exegesis, which writes a handler's result with
/// `JSON.stringify` (compact, `application/json`), and everything else through Express's `res.json` with
/// `json spaces` 2 (indented, `application/json; charset=utf-8`): errors, `GET /` and `/emulator/action`.
@Suite("answers are compact JSON, errors and Express pages indented, as Firebase's emulator writes them")
struct AnswerFormatTests {
    private func post(_ fixture: EmulatorFixture, _ name: String, _ body: JSONValue) throws -> TestHTTPClient.Response {
        try fixture.client.send(
            method: "POST", path: "/identitytoolkit.googleapis.com/v1/accounts:\(name)?key=k",
            headers: [("Content-Type", "application/json")], body: body.serializedBytes())
    }

    @Test func routeAnswersAreCompact() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("compact@example.com")
        for (name, body) in [
            ("lookup", ["idToken": created["idToken"] ?? .null]),
            ("signInWithPassword", ["email": "compact@example.com", "password": "secret123"]),
            ("createAuthUri", ["identifier": "compact@example.com", "continueUri": "http://localhost/"]),
        ] as [(String, JSONValue)] {
            let response = try post(fixture, name, body)
            #expect(response.status == 200)
            #expect(TestHTTPClient.header("Content-Type", in: response.headers) == "application/json")
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text == (try JSONValue.parse(response.body)).serialized(), "\(name): \(text)")
        }
        let config = try fixture.client.send(
            method: "GET", path: "/emulator/v1/projects/\(EmulatorFixture.projectId)/config")
        #expect(String(decoding: config.body, as: UTF8.self) == (try JSONValue.parse(config.body)).serialized())
    }

    @Test func errorsAndExpressPagesAreIndented() throws {
        let fixture = try EmulatorFixture()
        let failed = try post(fixture, "lookup", ["idToken": "not-a-token"])
        let root = try fixture.client.send(method: "GET", path: "/")
        let action = try fixture.client.send(
            method: "GET", path: "/emulator/action?mode=resetPassword&oobCode=x&apiKey=k")
        for response in [failed, root, action] {
            #expect(TestHTTPClient.header("Content-Type", in: response.headers) == "application/json; charset=utf-8")
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text == (try JSONValue.parse(response.body)).serialized(pretty: true), "\(text)")
            #expect(text.contains("\n  \""))
        }
        #expect(failed.status == 400 && action.status == 400 && root.status == 200)
    }
}
