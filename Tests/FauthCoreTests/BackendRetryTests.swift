import FauthCore
import FauthTestSupport
import Testing

/// Retries on the scripted transport, counted as the requests it received: only idempotent calls, at most three
/// attempts, back-off with jitter, Retry-After honoured, never past the deadline.
@Suite struct BackendRetryTests {
    private static let unavailable = ScriptedTransport.Reply.firebaseError(503, "UNAVAILABLE")

    /// A transport that answers `count` lookups with `reply`.
    private func lookups(_ count: Int, _ reply: ScriptedTransport.Reply) -> ScriptedTransport {
        let transport = ScriptedTransport()
        for _ in 0..<count {
            transport.reply(to: "accounts:lookup", reply)
        }
        return transport
    }

    @Test func anIdempotentCallIsRetriedOnPassingFailures() throws {
        let transport = ScriptedTransport()
        for reply in [Self.unavailable, .response(TransportResponse(status: 502)), lookupAnswer] {
            transport.reply(to: "accounts:lookup", reply)
        }
        let probe = BackendProbe(transport)
        let response = try probe.backend.call(LookupEndpoint(idToken: "ID"))
        #expect(response.user.localId == "U1")
        #expect(transport.requests.count == 3)
        #expect(probe.sleeps.values == [0.5, 1.0])
        #expect(probe.trace.values.contains("retrying in 0.5 s (503)"))
        #expect(probe.trace.values.contains("retrying in 1.0 s (502)"))
        transport.expectAllRepliesUsed()
    }

    @Test func atMostThreeAttempts() throws {
        let transport = ScriptedTransport()
        for _ in 0..<3 {
            transport.reply(to: "accounts:createAuthUri", Self.unavailable)
        }
        let probe = BackendProbe(transport)
        #expect {
            try probe.backend.call(CreateAuthUriEndpoint(identifier: "a@b.c"))
        } throws: { error in
            (error as? FauthError)?.code == .serviceUnavailable
        }
        #expect(transport.requests.count == 3)
        #expect(probe.sleeps.values.count == 2)
        transport.expectAllRepliesUsed()
    }

    @Test(arguments: [429, 502, 503, 504])
    func aCallThatIsNotIdempotentIsSentOnce(status: Int) throws {
        let transport = ScriptedTransport()
        transport.reply(to: "accounts:signUp", .firebaseError(status, "TRY_LATER"))
        let probe = BackendProbe(transport)
        #expect(throws: FauthError.self) {
            try probe.backend.call(SignUpEndpoint.emailPassword(email: "a@b.c", password: "pw123456"))
        }
        #expect(transport.requests.count == 1)
        #expect(probe.sleeps.values.isEmpty)
    }

    @Test func aQuotaExceededAnswerIsRetriedAsItsCodeIsRetryable() throws {
        let transport = ScriptedTransport()
        transport.reply(to: "accounts:lookup", .firebaseError(400, "QUOTA_EXCEEDED"))
        transport.reply(to: "accounts:lookup", lookupAnswer)
        let probe = BackendProbe(transport)
        _ = try probe.backend.call(LookupEndpoint(idToken: "ID"))
        #expect(transport.requests.count == 2)
        #expect(probe.trace.values.contains("retrying in 0.5 s (400)"))
        transport.expectAllRepliesUsed()
    }

    @Test func clientErrorsAreNotRetried() throws {
        let transport = lookups(1, .firebaseError(400, "INVALID_ID_TOKEN"))
        let probe = BackendProbe(transport)
        #expect {
            try probe.backend.call(LookupEndpoint(idToken: "ID"))
        } throws: { error in
            (error as? FauthError)?.code == .invalidUserToken
        }
        #expect(transport.requests.count == 1)
    }

    @Test func retryAfterIsHonoured() throws {
        let transport = ScriptedTransport()
        transport.reply(
            to: "accounts:lookup", .firebaseError(429, "RESOURCE_EXHAUSTED", headers: [("Retry-After", "7")]))
        transport.reply(to: "accounts:lookup", lookupAnswer)
        let probe = BackendProbe(transport)
        _ = try probe.backend.call(LookupEndpoint(idToken: "ID"))
        #expect(transport.requests.count == 2)
        #expect(probe.sleeps.values == [7])
        #expect(probe.trace.values.contains("retrying in 7.0 s (429)"))
    }

    @Test func aRetryAfterPastTheDeadlineEndsTheCall() throws {
        let transport = lookups(1, .firebaseError(503, "UNAVAILABLE", headers: [("Retry-After", "60")]))
        let probe = BackendProbe(transport, timeout: 5)
        #expect {
            try probe.backend.call(LookupEndpoint(idToken: "ID"))
        } throws: { error in
            (error as? FauthError)?.code == .serviceUnavailable
        }
        #expect(transport.requests.count == 1)
        #expect(probe.sleeps.values.isEmpty)
    }

    @Test func aBackOffPastTheDeadlineEndsTheCall() throws {
        let transport = lookups(1, Self.unavailable)
        let probe = BackendProbe(transport, timeout: 10, baseDelay: 20)  // the first back-off: 20 s
        #expect(throws: FauthError.self) {
            try probe.backend.call(LookupEndpoint(idToken: "ID"))
        }
        #expect(transport.requests.count == 1)
        #expect(probe.sleeps.values.isEmpty)
    }

    /// A retry that runs out of the deadline reports the server's answer before it, not the timeout: "too many
    /// requests, try later" is the truth a script can act on (seen in CI on a loaded machine as `network-error`).
    @Test(arguments: [(429, ErrorCode.tooManyRequests), (503, .serviceUnavailable)])
    func aRetryThatTimesOutReportsTheAnswerBeforeIt(status: Int, code: ErrorCode) throws {
        let transport = ScriptedTransport()
        transport.reply(to: "accounts:lookup", .firebaseError(status, "TRY_LATER"))
        for _ in 0..<2 {
            transport.reply(to: "accounts:lookup", .failure(.timedOut(code: 28, message: "Operation timed out")))
        }
        let probe = BackendProbe(transport)
        #expect {
            try probe.backend.call(LookupEndpoint(idToken: "ID"))
        } throws: { error in
            (error as? FauthError)?.code == code
        }
        #expect(transport.requests.count == 3)
        transport.expectAllRepliesUsed()
    }

    @Test func aDroppedConnectionIsRetried() throws {
        let transport = ScriptedTransport()
        transport.reply(to: "accounts:lookup", .failure(.connectionReset(code: 52, message: "Empty reply from server")))
        transport.reply(to: "accounts:lookup", lookupAnswer)
        let probe = BackendProbe(transport)
        _ = try probe.backend.call(LookupEndpoint(idToken: "ID"))
        #expect(transport.requests.count == 2)
        #expect(probe.trace.values.contains("retrying in 0.5 s (connection reset)"))
    }

    @Test func aRefusedConnectionIsRetriedForAnIdempotentCall() throws {
        let transport = lookups(3, .failure(.connectionRefused(code: 7, message: "Failed to connect")))
        let probe = BackendProbe(transport)
        #expect {
            try probe.backend.call(LookupEndpoint(idToken: "ID"))
        } throws: { error in
            (error as? FauthError)?.code == .networkError
        }
        #expect(probe.attempts == 3)
        #expect(probe.sleeps.values == [0.5, 1.0])
        transport.expectAllRepliesUsed()
    }

    @Test func backOffCeilingsDoubleUpToTheMaximum() throws {
        let ceilings = Recorder<Double>()
        let policy = RetryPolicy(
            maxAttempts: 10, baseDelay: 0.5, maxDelay: 3, sleep: { _ in },
            random: {
                ceilings.append($0)
                return 0
            })
        let transport = lookups(10, Self.unavailable)
        let backend = Backend(
            target: BackendTarget(server: .emulator(BackendProbe.emulatorHost), apiKey: "k"),
            transport: transport, retryPolicy: policy)
        #expect(throws: FauthError.self) {
            try backend.call(LookupEndpoint(idToken: "ID"))
        }
        #expect(ceilings.values == [0.5, 1, 2, 3, 3, 3, 3, 3, 3])
        #expect(transport.requests.count == 10)
        transport.expectAllRepliesUsed()
    }
}
