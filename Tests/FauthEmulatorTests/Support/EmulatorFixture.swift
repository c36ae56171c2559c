import FauthJSON
import FauthTestSupport
import Testing

@testable import FauthEmulator

/// A started `AuthEmulator` behind a real `HTTPServer` on a free port, with a keep-alive test client.
/// The server stops when the fixture is released.
final class EmulatorFixture {
    /// The project the emulator serves.
    static let projectId = "demo-fauth"
    let emulator: AuthEmulator
    let server: HTTPServer
    let client: TestHTTPClient

    /// Serves `emulator` (a new empty one by default).
    init(_ emulator: AuthEmulator = AuthEmulator(projectId: projectId)) throws {
        self.emulator = emulator
        server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { emulator.handle($0) }
        emulator.setLinkAuthority("127.0.0.1:\(server.port)")
        server.start()
        client = try TestHTTPClient(port: server.port)
    }

    deinit {
        client.close()
        server.stop()
    }

    /// A new client on its own connection to the same server.
    func newClient() throws -> TestHTTPClient { try TestHTTPClient(port: server.port) }

    /// POSTs `body` to the Identity Toolkit v1 client route `accounts:<name>` with an API key.
    @discardableResult
    func call(_ name: String, _ body: JSONValue, headers: [(String, String)] = []) throws -> (
        status: Int, json: JSONValue
    ) {
        try client.json(
            path: "/identitytoolkit.googleapis.com/v1/accounts:\(name)?key=fake-key", body: body, headers: headers)
    }

    /// POSTs `body` to `accounts:<name>` as the admin (`Authorization: Bearer owner`).
    @discardableResult
    func admin(_ name: String, _ body: JSONValue) throws -> (status: Int, json: JSONValue) {
        try client.json(
            path: "/identitytoolkit.googleapis.com/v1/accounts:\(name)", body: body,
            headers: [("Authorization", "Bearer owner")])
    }

    /// Sends to an `/emulator/v1/projects/<p>/<suffix>` control route.
    @discardableResult
    func control(_ method: String, _ suffix: String, _ body: JSONValue? = nil) throws -> (status: Int, json: JSONValue)
    {
        try client.json(method: method, path: "/emulator/v1/projects/\(Self.projectId)/\(suffix)", body: body)
    }

    /// PATCHes the emulator config with `patch`.
    func configure(_ patch: JSONValue) throws {
        let result = try control("PATCH", "config", patch)
        #expect(result.status == 200)
    }

    /// POSTs a JSON body to the Secure Token route.
    @discardableResult
    func refresh(_ refreshToken: String) throws -> (status: Int, json: JSONValue) {
        try client.json(
            path: "/securetoken.googleapis.com/v1/token?key=fake-key",
            body: ["grant_type": "refresh_token", "refresh_token": .string(refreshToken)])
    }

    /// Signs up `email` / `password` and returns the response object (expects 200).
    @discardableResult
    func signUp(_ email: String, _ password: String = "secret123") throws -> JSONValue {
        let result = try call(
            "signUp", ["email": .string(email), "password": .string(password), "returnSecureToken": true])
        #expect(result.status == 200, "signUp failed: \(result.json.serialized())")
        return result.json
    }

    /// Signs in `email` / `password` and returns the response object (expects 200).
    func signIn(_ email: String, _ password: String = "secret123") throws -> JSONValue {
        let result = try call("signInWithPassword", ["email": .string(email), "password": .string(password)])
        #expect(result.status == 200, "signIn failed: \(result.json.serialized())")
        return result.json
    }

    /// The `accounts:lookup` user object for `idToken`.
    func lookup(_ idToken: String) throws -> JSONValue? {
        try call("lookup", ["idToken": .string(idToken)]).json["users"]?.array?.first
    }
}

/// The `error.message` of an error body.
func errorMessage(_ json: JSONValue) -> String? { json["error"]?["message"]?.string }

/// The payload of an ID token, decoded.
func idTokenClaims(_ token: String?) -> JSONObject? {
    token.flatMap(IDToken.decodePayload)
}

/// An alg-none ID token with `claims` (for tokens the emulator would not mint itself).
func craftIdToken(_ claims: JSONObject) -> String { UnsignedJWT.encode(claims) }
