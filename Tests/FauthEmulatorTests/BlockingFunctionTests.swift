import FauthJSON
import Foundation
import Testing
@testable import FauthEmulator

/// A blocking function for one test: a real HTTP server that records each call's event JWT and answers `reply`.
final class FakeBlockingFunction: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [JSONObject] = []
    private var replies: [String: (status: Int, body: JSONValue)] = [:]
    private(set) var server: HTTPServer!

    init() throws {
        server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { [unowned self] request in self.answer(request) }
        server.start()
    }

    deinit { server.stop() }

    /// The URI of the trigger `name` (each trigger has its own path).
    func uri(_ name: String) -> String { "http://127.0.0.1:\(server.port)/\(name)" }

    /// Answers calls to the trigger `name` with `body` (status 200 unless given).
    func reply(_ name: String, status: Int = 200, _ body: JSONValue) {
        lock.withLock { replies[name] = (status, body) }
    }

    /// The decoded event JWTs received so far, in order.
    var received: [JSONObject] { lock.withLock { events } }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let name = String(request.path.dropFirst())
        let jwt = (try? JSONValue.parse(request.body))?["data"]?["jwt"]?.string
        lock.withLock { if let payload = jwt.flatMap(IDToken.decodePayload) { events.append(payload) } }
        let reply: (status: Int, body: JSONValue) = lock.withLock { replies[name] } ?? (200, [:])
        return HTTPResponse.json(reply.body, status: reply.status)
    }
}

@Suite("blocking functions: beforeCreate and beforeSignIn are called and their answers applied")
struct BlockingFunctionTests {
    private func configure(_ fixture: EmulatorFixture, _ function: FakeBlockingFunction) throws {
        try fixture.configure(["blockingFunctions": ["triggers": [
            "beforeCreate": ["functionUri": .string(function.uri("beforeCreate"))],
            "beforeSignIn": ["functionUri": .string(function.uri("beforeSignIn"))],
        ]]])
    }

    @Test func signUpCallsBothTriggersWithTheEventJWTAndAppliesTheirAnswers() throws {
        let fixture = try EmulatorFixture()
        let function = try FakeBlockingFunction()
        try configure(fixture, function)
        function.reply("beforeCreate", ["userRecord": ["updateMask": "displayName,customClaims", "displayName": "Named by function",
                                                       "customClaims": ["role": "editor"]]])
        function.reply("beforeSignIn", ["userRecord": ["updateMask": "sessionClaims", "sessionClaims": ["session": "s1"]]])
        let created = try fixture.signUp("b@example.com")
        #expect(created["displayName"]?.string == "Named by function")
        let claims = try #require(idTokenClaims(created["idToken"]?.string))
        #expect(claims["role"]?.string == "editor" && claims["session"]?.string == "s1")
        let events = function.received
        #expect(events.map { $0["event_type"]?.string } == ["providers/cloud.auth/eventTypes/user.beforeCreate",
                                                            "providers/cloud.auth/eventTypes/user.beforeSignIn"])
        #expect(events.first?["user_record"]?["email"]?.string == "b@example.com")
        #expect(events.first?["sign_in_method"]?.string == "password")
        #expect(events.first?["aud"]?.string == function.uri("beforeCreate"))
        #expect(events.last?["user_record"]?["display_name"]?.string == "Named by function")
        // Session claims are for this sign-in's tokens only; custom claims are stored.
        let user = try fixture.admin("lookup", ["email": ["b@example.com"]]).json["users"]?.array?.first
        #expect(user?["customAttributes"]?.string == "{\"role\":\"editor\"}")
    }

    @Test func beforeSignInCanDisableTheUserOnPasswordSignIn() throws {
        let fixture = try EmulatorFixture()
        try fixture.signUp("c@example.com")
        let function = try FakeBlockingFunction()
        try configure(fixture, function)
        function.reply("beforeSignIn", ["userRecord": ["updateMask": "disabled", "disabled": true]])
        #expect(errorMessage(try fixture.call("signInWithPassword", ["email": "c@example.com", "password": "secret123"]).json)
                == "USER_DISABLED")
        #expect(function.received.count == 1)
    }

    @Test func anErrorAnswerIsTheDocumentedError() throws {
        let fixture = try EmulatorFixture()
        let function = try FakeBlockingFunction()
        try configure(fixture, function)
        function.reply("beforeCreate", status: 400, ["error": ["message": "no", "status": "INVALID_ARGUMENT"]])
        let refused = try fixture.call("signUp", ["email": "d@example.com", "password": "secret123"])
        #expect(refused.status == 400)
        #expect(errorMessage(refused.json)?.hasPrefix(
            "BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP request to \(function.uri("beforeCreate")) returned HTTP error 400: ") == true)
        #expect(try fixture.admin("lookup", ["email": ["d@example.com"]]).json["users"] == nil, "no user was created")
        function.reply("beforeCreate", ["userRecord": ["displayName": "x"]])
        #expect(errorMessage(try fixture.call("signUp", ["email": "d@example.com", "password": "secret123"]).json)
                == "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Response UserRecord is missing updateMask.))")
    }

    @Test func adminAndAnonymousSignUpsSkipTheFunctions() throws {
        let fixture = try EmulatorFixture()
        let function = try FakeBlockingFunction()
        try configure(fixture, function)
        _ = try fixture.adminProject("accounts", ["email": "e@example.com", "password": "secret123"])
        try fixture.call("signUp", ["returnSecureToken": true])
        #expect(function.received.isEmpty)
    }
}
