import FauthCore
import FauthEmulator
import FauthTestSupport
import Testing

/// Retries over real sockets, counted server-side: only idempotent calls, at most three attempts, back-off with
/// jitter, Retry-After honoured, never past the deadline.
@Suite struct BackendRetryTests {
    @Test func anIdempotentCallIsRetriedOnPassingFailures() throws {
        let script = ScriptedResponses([firebaseError(503, "UNAVAILABLE"), HTTPResponse(status: 502), lookupAnswer])
        let server = try LoopbackServer { _ in script.next() }
        defer { server.stop() }
        let probe = BackendProbe(emulatorHost: server.hostAndPort)
        let response = try probe.backend.call(LookupEndpoint(idToken: "ID"))
        #expect(response.user.localId == "U1")
        #expect(server.requests.count == 3)
        #expect(probe.sleeps.values == [0.5, 1.0])
        #expect(probe.trace.values.contains("retrying in 0.5 s (503)"))
        #expect(probe.trace.values.contains("retrying in 1.0 s (502)"))
    }

    @Test func atMostThreeAttempts() throws {
        let server = try LoopbackServer { _ in firebaseError(503, "UNAVAILABLE") }
        defer { server.stop() }
        let probe = BackendProbe(emulatorHost: server.hostAndPort)
        #expect {
            try probe.backend.call(CreateAuthUriEndpoint(identifier: "a@b.c"))
        } throws: { error in
            (error as? FauthError)?.code == .serviceUnavailable
        }
        #expect(server.requests.count == 3)
        #expect(probe.sleeps.values.count == 2)
    }

    @Test(arguments: [429, 502, 503, 504])
    func aCallThatIsNotIdempotentIsSentOnce(status: Int) throws {
        let server = try LoopbackServer { _ in firebaseError(status, "TRY_LATER") }
        defer { server.stop() }
        let probe = BackendProbe(emulatorHost: server.hostAndPort)
        #expect(throws: FauthError.self) {
            try probe.backend.call(SignUpEndpoint.emailPassword(email: "a@b.c", password: "pw123456"))
        }
        #expect(server.requests.count == 1)
        #expect(probe.sleeps.values.isEmpty)
    }

    @Test func clientErrorsAreNotRetried() throws {
        let server = try LoopbackServer { _ in firebaseError(400, "INVALID_ID_TOKEN") }
        defer { server.stop() }
        let probe = BackendProbe(emulatorHost: server.hostAndPort)
        #expect {
            try probe.backend.call(LookupEndpoint(idToken: "ID"))
        } throws: { error in
            (error as? FauthError)?.code == .invalidUserToken
        }
        #expect(server.requests.count == 1)
    }

    @Test func retryAfterIsHonoured() throws {
        let script = ScriptedResponses([firebaseError(429, "RESOURCE_EXHAUSTED", headers: [("Retry-After", "7")]), lookupAnswer])
        let server = try LoopbackServer { _ in script.next() }
        defer { server.stop() }
        let probe = BackendProbe(emulatorHost: server.hostAndPort)
        _ = try probe.backend.call(LookupEndpoint(idToken: "ID"))
        #expect(server.requests.count == 2)
        #expect(probe.sleeps.values == [7])
        #expect(probe.trace.values.contains("retrying in 7.0 s (429)"))
    }

    @Test func aRetryAfterPastTheDeadlineEndsTheCall() throws {
        let server = try LoopbackServer { _ in firebaseError(503, "UNAVAILABLE", headers: [("Retry-After", "60")]) }
        defer { server.stop() }
        let probe = BackendProbe(emulatorHost: server.hostAndPort, timeout: 5)
        #expect {
            try probe.backend.call(LookupEndpoint(idToken: "ID"))
        } throws: { error in
            (error as? FauthError)?.code == .serviceUnavailable
        }
        #expect(server.requests.count == 1)
        #expect(probe.sleeps.values.isEmpty)
    }

    @Test func aBackOffPastTheDeadlineEndsTheCall() throws {
        let server = try LoopbackServer { _ in firebaseError(503, "UNAVAILABLE") }
        defer { server.stop() }
        let probe = BackendProbe(emulatorHost: server.hostAndPort, timeout: 10, baseDelay: 20)  // the first back-off: 20 s
        #expect(throws: FauthError.self) {
            try probe.backend.call(LookupEndpoint(idToken: "ID"))
        }
        #expect(server.requests.count == 1)
        #expect(probe.sleeps.values.isEmpty)
    }

    @Test func aDroppedConnectionIsRetried() throws {
        let script = ScriptedResponses([.dropConnection, lookupAnswer])
        let server = try LoopbackServer { _ in script.next() }
        defer { server.stop() }
        let probe = BackendProbe(emulatorHost: server.hostAndPort)
        _ = try probe.backend.call(LookupEndpoint(idToken: "ID"))
        #expect(server.requests.count == 2)
        #expect(probe.trace.values.contains("retrying in 0.5 s (connection reset)"))
    }

    @Test func aRefusedConnectionIsRetriedForAnIdempotentCall() throws {
        let port = try closedLoopbackPort()
        let probe = BackendProbe(emulatorHost: "127.0.0.1:\(port)")
        #expect {
            try probe.backend.call(LookupEndpoint(idToken: "ID"))
        } throws: { error in
            (error as? FauthError)?.code == .networkError
        }
        #expect(probe.attempts == 3)
        #expect(probe.sleeps.values == [0.5, 1.0])
    }

    @Test func backOffCeilingsDoubleUpToTheMaximum() throws {
        let ceilings = Recorder<Double>()
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: 0.5, maxDelay: 3, sleep: { _ in }, random: { ceilings.append($0); return 0 })
        let server = try LoopbackServer { _ in firebaseError(503, "UNAVAILABLE") }
        defer { server.stop() }
        let backend = Backend(configuration: BackendConfiguration(apiKey: "k", emulatorHost: server.hostAndPort),
                              transport: CurlTransport(), retryPolicy: policy)
        #expect(throws: FauthError.self) {
            try backend.call(LookupEndpoint(idToken: "ID"))
        }
        #expect(ceilings.values == [0.5, 1, 2, 3, 3, 3, 3, 3, 3])
        #expect(server.requests.count == 10)
    }
}
