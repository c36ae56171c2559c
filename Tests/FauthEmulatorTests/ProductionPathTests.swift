import FauthJSON
import FauthTestSupport
import Testing

@testable import FauthEmulator

/// Google's production paths (no service prefix), as a client sends them to identitytoolkit/securetoken.googleapis.com
/// or through a TLS front that kept them, are served like the emulator's prefixed ones.
@Suite("production-shaped paths over real sockets")
struct ProductionPathTests {
    /// Sends a request with this `Host` header and returns the status and JSON answer.
    private func send(
        _ fixture: EmulatorFixture, _ method: String, _ path: String, host: String, body: JSONValue? = nil,
        headers: [(String, String)] = []
    ) throws -> (status: Int, json: JSONValue) {
        let bytes = body?.serializedBytes() ?? []
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(bytes.count)\r\n\r\n"
        try fixture.client.sendRaw(Array(head.utf8) + bytes)
        let response = try fixture.client.readResponse()
        return (response.status, try JSONValue.parse(response.body))
    }

    @Test(arguments: [
        "identitytoolkit.googleapis.com", "identitytoolkit.googleapis.com:443", "127.0.0.1:9099", "gw.example.com",
    ])
    func signUpLookupAndRefreshWithProductionPaths(host: String) throws {
        let fixture = try EmulatorFixture()
        let created = try send(
            fixture, "POST", "/v1/accounts:signUp?key=k", host: host,
            body: ["email": "ada@example.com", "password": "secret123", "returnSecureToken": true])
        #expect(created.status == 200)
        let idToken = try #require(created.json["idToken"]?.string)
        let lookup = try send(
            fixture, "POST", "/v1/accounts:lookup?key=k", host: host, body: ["idToken": .string(idToken)])
        #expect(lookup.status == 200 && lookup.json["users"]?.array?.first?["email"]?.string == "ada@example.com")
        let tokenHost = host.hasPrefix("identitytoolkit") ? "securetoken.googleapis.com" : host
        let refreshed = try send(
            fixture, "POST", "/v1/token?key=k", host: tokenHost,
            body: ["grant_type": "refresh_token", "refresh_token": created.json["refreshToken"]!])
        #expect(refreshed.status == 200 && refreshed.json["user_id"] == created.json["localId"])
        let policy = try send(fixture, "GET", "/v2/passwordPolicy?key=k", host: host)
        #expect(policy.status != 404)
    }

    /// The admin routes under `/v1/projects/…` work unprefixed too, and a Host of securetoken sends `/v1/…` there.
    @Test func adminRoutesAndTheHostHeaderPickTheService() throws {
        let fixture = try EmulatorFixture()
        _ = try fixture.signUp("ada@example.com")
        let query = try send(
            fixture, "POST", "/v1/projects/\(EmulatorFixture.projectId)/accounts:query",
            host: "identitytoolkit.googleapis.com",
            body: [:], headers: [("Authorization", "Bearer owner")])
        #expect(query.status == 200 && query.json["recordsCount"]?.string == "1")
        let wrongService = try send(
            fixture, "POST", "/v1/accounts:signUp?key=k", host: "securetoken.googleapis.com", body: [:])
        #expect(wrongService.status == 404)
    }

    /// Google's own v3 path, as pyrebase4 and firebase-rest-api send it to www.googleapis.com (here through a TLS front).
    @Test(arguments: ["www.googleapis.com", "127.0.0.1:9099"])
    func legacyV3PathsWithoutTheHostPrefix(host: String) throws {
        let fixture = try EmulatorFixture()
        let created = try send(
            fixture, "POST", "/identitytoolkit/v3/relyingparty/signupNewUser?key=k", host: host,
            body: ["email": "v3@example.com", "password": "secret123", "returnSecureToken": true])
        #expect(created.status == 200)
        let lookup = try send(
            fixture, "POST", "/identitytoolkit/v3/relyingparty/getAccountInfo?key=k", host: host,
            body: ["idToken": created.json["idToken"] ?? .null])
        #expect(lookup.json["users"]?.array?.first?["email"] == "v3@example.com")
        #expect(
            try send(fixture, "POST", "/identitytoolkit/v3/relyingparty/signOutUser?key=k", host: host, body: [:])
                .status == 501)
        #expect(
            try send(fixture, "POST", "/identitytoolkit/v3/relyingparty/nothing?key=k", host: host, body: [:]).status
                == 404)
    }

    @Test func otherPathsAreUnchanged() {
        #expect(
            ProductionPaths.rewrite(["emulator", "v1", "projects"], host: "identitytoolkit.googleapis.com") == [
                "emulator", "v1", "projects",
            ])
        #expect(
            ProductionPaths.rewrite(["identitytoolkit.googleapis.com", "v1", "accounts:signUp"], host: nil)
                == ["identitytoolkit.googleapis.com", "v1", "accounts:signUp"])
        #expect(ProductionPaths.rewrite(["v1", "token"], host: nil) == ["securetoken.googleapis.com", "v1", "token"])
        #expect(
            ProductionPaths.rewrite(["v2", "accounts", "mfaSignIn:start"], host: "SecureToken.GoogleAPIs.com.:443")
                == ["securetoken.googleapis.com", "v2", "accounts", "mfaSignIn:start"])
    }
}
