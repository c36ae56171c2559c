import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthEmulator

@Suite("the state lock is held only while a request reads or changes the state")
struct StateLockTests {
    /// A sign-in held inside its beforeSignIn function (the function does not answer until the test lets it) leaves
    /// the emulator serving: another client signs up, looks up and signs in meanwhile, and the held sign-in then
    /// finishes with its tokens. Holding the lock through the function's call would stall the others until the
    /// function timed out (their clients give up after 10 s and the test fails).
    @Test func aRequestWaitingOnABlockingFunctionDoesNotStallTheOthers() throws {
        let fixture = try EmulatorFixture()
        let early = try fixture.signUp("early@example.com")
        let function = try FakeBlockingFunction()
        try fixture.configure([
            "blockingFunctions": ["triggers": ["beforeSignIn": ["functionUri": .string(function.uri("beforeSignIn"))]]]
        ])
        function.holdAnswers()
        let port = fixture.server.port
        let finished = DispatchSemaphore(value: 0)
        let heldResults = Recorder<(status: Int, json: JSONValue)>()
        Thread.detachNewThread {
            let client = try? TestHTTPClient(port: port)
            if let result = try? client?.json(
                path: "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k",
                body: ["email": "early@example.com", "password": "secret123", "returnSecureToken": true])
            {
                heldResults.append(result)
            }
            client?.close()
            finished.signal()
        }
        #expect(function.waitForCall())

        let anonymous = try fixture.call("signUp", ["returnSecureToken": true])
        #expect(anonymous.status == 200 && anonymous.json["idToken"]?.string != nil)
        #expect(try fixture.lookup(try #require(early["idToken"]?.string))?["email"]?.string == "early@example.com")
        let other = try fixture.call(
            "createAuthUri", ["identifier": "early@example.com", "continueUri": "http://localhost/"])
        #expect(other.json["registered"]?.bool == true)
        #expect(finished.wait(timeout: .now()) == .timedOut, "the held sign-in answered before its function did")

        function.releaseAnswers()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        let held = try #require(heldResults.values.first)
        #expect(held.status == 200 && held.json["idToken"]?.string != nil)
        #expect(function.received.count == 1)
    }
}
