import FauthHTTPCodec
import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthEmulator

/// A blocking function for one test: a real HTTP server that records each call's event JWT and answers `reply`.
final class FakeBlockingFunction: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [JSONObject] = []
    private var replies: [String: (status: Int, body: JSONValue)] = [:]
    /// While set, each call waits for it before answering (see `holdAnswers`).
    private var gate: DispatchSemaphore?
    /// Signalled once per call received.
    private let arrivals = DispatchSemaphore(value: 0)
    private(set) var server: HTTPServer!

    init() throws {
        server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { [unowned self] request in
            self.answer(request)
        }
        server.start()
    }

    deinit { server.stop() }

    /// The URI of the trigger `name` (each trigger has its own path).
    func uri(_ name: String) -> String { "http://127.0.0.1:\(server.port)/\(name)" }

    /// Answers calls to the trigger `name` with `body` (status 200 unless given).
    func reply(_ name: String, status: Int = 200, _ body: JSONValue) {
        lock.withLock { replies[name] = (status, body) }
    }

    /// Makes every later call wait, once it has been received, until `releaseAnswers` is called.
    func holdAnswers() {
        lock.withLock { gate = DispatchSemaphore(value: 0) }
    }

    /// Lets every held and later call answer.
    func releaseAnswers() {
        let held = lock.withLock { () -> DispatchSemaphore? in
            defer { gate = nil }
            return gate
        }
        // More signals than waiting calls are harmless: the semaphore is dropped.
        for _ in 0..<16 { held?.signal() }
    }

    /// Waits until a call has been received (false if none came within `seconds`, a deadline only a failure reaches).
    func waitForCall(seconds: Double = 60) -> Bool {
        arrivals.wait(timeout: .now() + seconds) == .success
    }

    /// The decoded event JWTs received so far, in order.
    var received: [JSONObject] { lock.withLock { events } }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let name = String(request.path.dropFirst())
        let jwt = (try? JSONValue.parse(request.body))?["data"]?["jwt"]?.string
        let held = lock.withLock { () -> DispatchSemaphore? in
            if let payload = jwt.flatMap(IDToken.decodePayload) { events.append(payload) }
            return gate
        }
        arrivals.signal()
        held?.wait()
        let reply: (status: Int, body: JSONValue) = lock.withLock { replies[name] } ?? (200, [:])
        return HTTPResponse.json(reply.body, status: reply.status)
    }
}

@Suite("blocking functions: beforeCreate and beforeSignIn are called and their answers applied")
struct BlockingFunctionTests {
    private func configure(_ fixture: EmulatorFixture, _ function: FakeBlockingFunction) throws {
        try fixture.configure([
            "blockingFunctions": [
                "triggers": [
                    "beforeCreate": ["functionUri": .string(function.uri("beforeCreate"))],
                    "beforeSignIn": ["functionUri": .string(function.uri("beforeSignIn"))],
                ]
            ]
        ])
    }

    @Test func signUpCallsBothTriggersWithTheEventJWTAndAppliesTheirAnswers() throws {
        let fixture = try EmulatorFixture()
        let function = try FakeBlockingFunction()
        try configure(fixture, function)
        function.reply(
            "beforeCreate",
            [
                "userRecord": [
                    "updateMask": "displayName,customClaims", "displayName": "Named by function",
                    "customClaims": ["role": "editor"],
                ]
            ])
        function.reply(
            "beforeSignIn", ["userRecord": ["updateMask": "sessionClaims", "sessionClaims": ["session": "s1"]]])
        let created = try fixture.signUp("b@example.com")
        #expect(created["displayName"]?.string == "Named by function")
        let claims = try #require(idTokenClaims(created["idToken"]?.string))
        #expect(claims["role"]?.string == "editor" && claims["session"]?.string == "s1")
        let events = function.received
        #expect(
            events.map { $0["event_type"]?.string } == [
                "providers/cloud.auth/eventTypes/user.beforeCreate",
                "providers/cloud.auth/eventTypes/user.beforeSignIn",
            ])
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
        #expect(
            errorMessage(
                try fixture.call("signInWithPassword", ["email": "c@example.com", "password": "secret123"]).json)
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
        #expect(
            errorMessage(refused.json)?.hasPrefix(
                "BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP request to \(function.uri("beforeCreate")) returned HTTP error 400: "
            ) == true)
        #expect(try fixture.admin("lookup", ["email": ["d@example.com"]]).json["users"] == nil, "no user was created")
        function.reply("beforeCreate", ["userRecord": ["displayName": "x"]])
        #expect(
            errorMessage(try fixture.call("signUp", ["email": "d@example.com", "password": "secret123"]).json)
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

@Suite("blocking functions on IdP, email-link, phone and second-factor sign-ins, as Firebase's emulator calls them")
struct BlockingFunctionSignInPathTests {
    private let beforeCreate = "providers/cloud.auth/eventTypes/user.beforeCreate"
    private let beforeSignIn = "providers/cloud.auth/eventTypes/user.beforeSignIn"

    /// A fixture whose beforeCreate names the user and whose beforeSignIn adds a session claim.
    private func configured(forwarding: JSONValue? = nil) throws -> (EmulatorFixture, FakeBlockingFunction) {
        let fixture = try EmulatorFixture()
        let function = try FakeBlockingFunction()
        var blocking: JSONObject = [
            "triggers": [
                "beforeCreate": ["functionUri": .string(function.uri("beforeCreate"))],
                "beforeSignIn": ["functionUri": .string(function.uri("beforeSignIn"))],
            ]
        ]
        blocking["forwardInboundCredentials"] = forwarding
        try fixture.configure(["blockingFunctions": .object(blocking)])
        function.reply(
            "beforeCreate", ["userRecord": ["updateMask": "displayName", "displayName": "Named by function"]])
        function.reply(
            "beforeSignIn", ["userRecord": ["updateMask": "sessionClaims", "sessionClaims": ["session": "s1"]]])
        return (fixture, function)
    }

    private func oobCode(_ fixture: EmulatorFixture) throws -> JSONValue {
        try #require(try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.last?["oobCode"])
    }

    private func phoneCode(_ fixture: EmulatorFixture, _ sessionInfo: String) throws -> String {
        let codes = try fixture.control("GET", "verificationCodes").json["verificationCodes"]?.array ?? []
        return try #require(codes.first { $0["sessionInfo"]?.string == sessionInfo }?["code"]?.string)
    }

    @Test func idpSignInCallsBeforeCreateForANewUserAndBeforeSignInEachTime() throws {
        let (fixture, function) = try configured(forwarding: ["idToken": true])
        let claims: JSONValue = ["sub": "g-1", "email": "g@example.com", "email_verified": true]
        let created = try fixture.signInWithIdp(claims: claims)
        #expect(created.status == 200)
        #expect(try fixture.lookupUser(created.json)?["displayName"]?.string == "Named by function")
        #expect(idTokenClaims(created.json["idToken"]?.string)?["session"]?.string == "s1")
        let again = try fixture.signInWithIdp(claims: claims)
        #expect(
            again.json["isNewUser"] == nil && idTokenClaims(again.json["idToken"]?.string)?["session"]?.string == "s1")
        let events = function.received
        #expect(events.map { $0["event_type"]?.string } == [beforeCreate, beforeSignIn, beforeSignIn])
        #expect(events.allSatisfy { $0["sign_in_method"]?.string == "google.com" })
        #expect(events.first?["user_record"]?["provider_data"]?.array?.first?["provider_id"]?.string == "google.com")
        #expect(
            events.first?["raw_user_info"]?.string.flatMap { try? JSONValue.parse(Array($0.utf8)) }?["id"]?.string
                == "g-1")
        #expect(
            events.first?["oauth_id_token"]?.string == claims.serialized(),
            "forwardInboundCredentials.idToken is honoured")
        #expect(events.first?["oauth_access_token"] == nil, "the access token is not forwarded unless asked")
    }

    @Test func idpBeforeSignInCanDisableAReturningUser() throws {
        let (fixture, function) = try configured()
        let claims: JSONValue = ["sub": "g-2", "email": "h@example.com"]
        let created = try fixture.signInWithIdp(claims: claims)
        function.reply("beforeSignIn", ["userRecord": ["updateMask": "disabled", "disabled": true]])
        #expect(errorMessage(try fixture.signInWithIdp(claims: claims).json) == "USER_DISABLED")
        let stored = try fixture.admin("lookup", ["localId": [created.json["localId"]!]]).json["users"]?.array?.first
        #expect(stored?["disabled"]?.bool == true, "the answer is stored before the sign-in is refused")
    }

    @Test func emailLinkSignInCallsTheFunctionsWithTheEmailLinkMethod() throws {
        let (fixture, function) = try configured()
        try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "l@example.com"])
        let created = try fixture.call(
            "signInWithEmailLink", ["email": "l@example.com", "oobCode": try oobCode(fixture)])
        #expect(created.status == 200 && created.json["isNewUser"]?.bool == true)
        #expect(idTokenClaims(created.json["idToken"]?.string)?["name"]?.string == "Named by function")
        #expect(idTokenClaims(created.json["idToken"]?.string)?["session"]?.string == "s1")
        function.reply("beforeSignIn", status: 403, ["error": ["message": "no"]])
        try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "l@example.com"])
        let refused = try fixture.call(
            "signInWithEmailLink", ["email": "l@example.com", "oobCode": try oobCode(fixture)])
        #expect(errorMessage(refused.json)?.hasPrefix("BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP request to ") == true)
        let events = function.received
        #expect(events.map { $0["event_type"]?.string } == [beforeCreate, beforeSignIn, beforeSignIn])
        #expect(events.allSatisfy { $0["sign_in_method"]?.string == "emailLink" })
        #expect(events.first?["user_record"]?["email_verified"]?.bool == true)
    }

    @Test func phoneSignInCallsTheFunctionsWithThePhoneMethod() throws {
        let (fixture, function) = try configured()
        func signIn() throws -> (status: Int, json: JSONValue) {
            let sessionInfo = try #require(
                try fixture.call("sendVerificationCode", ["phoneNumber": "+15555550100"]).json["sessionInfo"]?.string)
            return try fixture.call(
                "signInWithPhoneNumber",
                ["sessionInfo": .string(sessionInfo), "code": .string(try phoneCode(fixture, sessionInfo))])
        }
        let created = try signIn()
        #expect(created.status == 200 && created.json["isNewUser"]?.bool == true)
        #expect(idTokenClaims(created.json["idToken"]?.string)?["session"]?.string == "s1")
        function.reply("beforeSignIn", ["userRecord": ["updateMask": "disabled", "disabled": true]])
        #expect(errorMessage(try signIn().json) == "USER_DISABLED")
        let events = function.received
        #expect(events.map { $0["event_type"]?.string } == [beforeCreate, beforeSignIn, beforeSignIn])
        #expect(events.allSatisfy { $0["sign_in_method"]?.string == "phone" })
        #expect(events.first?["user_record"]?["phone_number"]?.string == "+15555550100")
    }

    @Test func beforeSignInWaitsForTheSecondFactor() throws {
        let fixture = try EmulatorFixture()
        try fixture.admin(
            "signUp",
            [
                "email": "m@example.com", "password": "secret123", "emailVerified": true,
                "mfaInfo": [["phoneInfo": "+15555550100"]],
            ])
        let function = try FakeBlockingFunction()
        try fixture.configure([
            "blockingFunctions": ["triggers": ["beforeSignIn": ["functionUri": .string(function.uri("beforeSignIn"))]]]
        ])
        function.reply(
            "beforeSignIn", ["userRecord": ["updateMask": "sessionClaims", "sessionClaims": ["session": "s2"]]])
        let first = try fixture.signIn("m@example.com")
        let pending = try #require(first["mfaPendingCredential"])
        #expect(function.received.isEmpty, "no call at the first factor")
        let enrollmentId = try #require(first["mfaInfo"]?.array?.first?["mfaEnrollmentId"])
        let started = try fixture.mfa(
            "mfaSignIn:start", ["mfaPendingCredential": pending, "mfaEnrollmentId": enrollmentId])
        let sessionInfo = try #require(started.json["phoneResponseInfo"]?["sessionInfo"]?.string)
        let done = try fixture.mfa(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": pending,
                "phoneVerificationInfo": [
                    "sessionInfo": .string(sessionInfo), "code": .string(try phoneCode(fixture, sessionInfo)),
                ],
            ])
        #expect(done.status == 200)
        #expect(idTokenClaims(done.json["idToken"]?.string)?["session"]?.string == "s2")
        let events = function.received
        #expect(events.count == 1)
        #expect(
            events.first?["sign_in_method"]?.string == "password"
                && events.first?["sign_in_second_factor"]?.string == "phone")
    }
}

@Suite("blocking functions: the request to the function ends within its time limit")
struct BlockingFunctionHTTPTests {
    /// A function host that drops every packet (a listener whose accept queue is full): connecting would otherwise
    /// wait for the system's two minutes of retries.
    @Test func aHostThatNeverAnswersTheConnectionIsADeadlineExceeded() throws {
        let silent = try SilentListener(address: "127.0.0.2", port: 0, backlog: 0)
        let held = try silent.fillBacklog()
        defer { for descriptor in held { close(descriptor) } }
        let uri = "http://127.0.0.2:\(silent.port)/beforeCreate"
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            _ = try BlockingFunctionHTTP.post(Array("{}".utf8), to: uri, timeoutSeconds: 1)
        } throws: { error in
            (error as? APIError)?.message
                == "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Deadline exceeded making request to \(uri).))"
        }
        // Far below the two minutes a connect without a deadline waits, with room for a loaded machine.
        #expect(clock.now - start < .seconds(20))
    }

    @Test func aRefusedConnectionFailsAtOnce() throws {
        let closed = try SilentListener(address: "127.0.0.1", port: 0, backlog: 1)
        let uri = "http://127.0.0.1:\(closed.port)/beforeCreate"
        closed.close()
        #expect {
            _ = try BlockingFunctionHTTP.post(Array("{}".utf8), to: uri, timeoutSeconds: 30)
        } throws: { error in
            (error as? APIError)?.message == "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Failed to make request to \(uri).))"
        }
    }

    /// Posts to a function host that answers `answer` (`repeats` times, `pause` apart) and returns the outcome.
    private func post(
        answering answer: String, repeats: Int = 1, pause: Double = 0,
        timeoutSeconds: Int = 30
    ) throws -> Result<(status: Int, text: String), APIError> {
        let server = try ScriptedAnswerServer(answer: Array(answer.utf8), repeats: repeats, pause: pause)
        defer { server.stop() }
        let uri = "http://127.0.0.1:\(server.port)/beforeCreate"
        return Result { () throws(APIError) in
            try BlockingFunctionHTTP.post(Array("{}".utf8), to: uri, timeoutSeconds: timeoutSeconds)
        }
    }

    /// The message of a failed post, or nil when it succeeded.
    private func failure(_ result: Result<(status: Int, text: String), APIError>) -> String? {
        guard case .failure(let error) = result else { return nil }
        return error.message
    }

    @Test func aChunkedAnswerIsDecodedByTheSharedDecoder() throws {
        let answer = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;x=1\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n"
        let result = try post(answering: answer).get()
        #expect(result.status == 200 && result.text == "{\"a\":1}")
    }

    @Test func anAnswerWithALengthIsReadWithoutWaitingForTheConnectionToClose() throws {
        // The host keeps the connection open 60 s after its answer.
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".utf8)
        let server = try ScriptedAnswerServer(answer: answer, pause: 60)
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let result = try BlockingFunctionHTTP.post(
            Array("{}".utf8), to: "http://127.0.0.1:\(server.port)/f",
            timeoutSeconds: 30)
        #expect(result.status == 200 && result.text == "{}")
        #expect(clock.now - start < .seconds(20))
    }

    @Test func hostileAnswersFailWithinTheirBounds() throws {
        let failed = { (message: String) in
            message.hasPrefix("BLOCKING_FUNCTION_ERROR_RESPONSE : ((Failed to make request")
        }
        let flood = try post(
            answering: "HTTP/1.1 200 OK\r\n\r\n" + String(repeating: "x", count: 64 * 1024),
            repeats: 20)
        #expect(failure(flood).map(failed) == true, "an answer past 1 MiB")
        let interim = try post(answering: "HTTP/1.1 100 Continue\r\n\r\n", repeats: 50)
        #expect(failure(interim).map(failed) == true, "endless 100 Continue")
        let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        let extensions = try post(answering: chunked + "1;" + String(repeating: "e", count: 8192))
        #expect(failure(extensions).map(failed) == true, "an endless chunk extension")
        let truncated = try post(answering: "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}")
        #expect(failure(truncated).map(failed) == true, "an answer cut short")
        let notHTTP = try post(answering: "SSH-2.0-OpenSSH_9.2\r\n\r\n")
        #expect(failure(notHTTP).map(failed) == true)
    }

    @Test func aTrickleIsCutAtTheTotalDeadline() throws {
        let clock = ContinuousClock()
        let start = clock.now
        // A minute of drip: only the 1 s total deadline ends it well before the bound (room for a loaded machine).
        let drip = try post(answering: "a", repeats: 600, pause: 0.1, timeoutSeconds: 1)
        #expect(failure(drip)?.hasPrefix("BLOCKING_FUNCTION_ERROR_RESPONSE : ((Deadline exceeded") == true)
        #expect(clock.now - start < .seconds(20))
    }
}
