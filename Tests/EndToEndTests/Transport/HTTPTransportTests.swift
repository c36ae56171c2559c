import FauthCore
import FauthEmulator
import Testing

/// fauth's transport (`CurlTransport`), against a real HTTP server on the loopback interface (the emulator's,
/// answering as each test scripts it; the core's own tests run on an in-memory transport): over plain HTTP, and over
/// TLS through the TLS harness's front before the same server; both must behave alike.
enum TransportKind: String, CaseIterable, Sendable {
    case curl, curlOverTLS

    /// A transport of this kind.
    func make(maximumBodySize: Int = CurlTransport.defaultMaximumBodySize) -> any HTTPTransport {
        CurlTransport(maximumBodySize: maximumBodySize)
    }

    /// How a transport of this kind reaches `server`: directly, or through a TLS front before it.
    func reach(_ server: LoopbackServer) throws -> ServerRoute {
        switch self {
        case .curl: ServerRoute(baseURL: server.baseURL, trust: .system, front: nil)
        case .curlOverTLS: try ServerRoute(front: HarnessProcess(front: "valid", upstream: server.hostAndPort))
        }
    }

    /// The scheme this kind speaks.
    var scheme: String { self == .curl ? "http" : "https" }
}

/// Where a test sends its requests: the server's URL or a TLS front's (kept running as long as this lives), and the
/// authorities to trust.
struct ServerRoute {
    let baseURL: String
    let trust: TrustedCertificates
    let front: HarnessProcess?

    init(baseURL: String, trust: TrustedCertificates, front: HarnessProcess?) {
        self.baseURL = baseURL
        self.trust = trust
        self.front = front
    }

    init(front: HarnessProcess) {
        self.init(baseURL: front.url, trust: TrustedCertificates(caFile: TLSHarness.caFile), front: front)
    }
}

@Suite struct HTTPTransportTests {
    private func post(
        _ route: ServerRoute, path: String = "/echo", body: String = "{}", timeout: Double = 60,
        headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
    ) -> TransportRequest {
        TransportRequest(
            method: "POST", url: route.baseURL + path, headers: headers, body: bytes(body), timeout: timeout,
            trust: route.trust)
    }

    @Test(arguments: TransportKind.allCases)
    func returnsStatusHeadersAndBodyOfA200(kind: TransportKind) throws {
        let transport = kind.make()
        let server = try LoopbackServer { _ in
            HTTPResponse(
                status: 200, headers: [("Content-Type", "application/json"), ("X-Test", "  yes  ")],
                body: bytes(#"{"ok":true}"#))
        }
        defer { server.stop() }
        let route = try kind.reach(server)
        let response = try transport.send(post(route))
        #expect(response.status == 200)
        #expect(response.body == bytes(#"{"ok":true}"#))
        #expect(response.header("x-test") == "yes")
        #expect(response.header("content-type") == "application/json")
        #expect(response.header("Absent") == nil)
    }

    @Test(arguments: TransportKind.allCases)
    func sendsMethodPathBodyAndHeadersWithoutExpect(kind: TransportKind) throws {
        let transport = kind.make()
        let server = try LoopbackServer { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        let route = try kind.reach(server)
        let body = String(repeating: "x", count: 100_000)  // large enough that curl would use Expect: 100-continue
        _ = try transport.send(
            post(
                route, path: "/v1/accounts:signUp?key=k%2B1", body: body,
                headers: [("Content-Type", "application/json"), ("X-Client-Version", "fauth/test")]))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/accounts:signUp")
        #expect(request.query == "key=k%2B1")
        #expect(request.body == bytes(body))
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("X-Client-Version") == "fauth/test")
        #expect(request.header("Expect") == nil)
    }

    @Test(arguments: TransportKind.allCases)
    func sendsAnEmptyPostBody(kind: TransportKind) throws {
        let transport = kind.make()
        let server = try LoopbackServer { _ in HTTPResponse(status: 200) }
        defer { server.stop() }
        let route = try kind.reach(server)
        let response = try transport.send(post(route, body: ""))
        #expect(response.status == 200)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.body.isEmpty)
        #expect(request.header("Content-Length") == "0")
    }

    @Test(arguments: TransportKind.allCases)
    func sendsAGetAndOtherMethods(kind: TransportKind) throws {
        let transport = kind.make()
        let server = try LoopbackServer { _ in HTTPResponse(status: 200) }
        defer { server.stop() }
        let route = try kind.reach(server)
        _ = try transport.send(
            TransportRequest(method: "GET", url: route.baseURL + "/ready", timeout: 10, trust: route.trust))
        _ = try transport.send(
            TransportRequest(
                method: "PATCH", url: route.baseURL + "/config", body: bytes("{}"), timeout: 10,
                trust: route.trust))
        #expect(server.requests.map(\.method) == ["GET", "PATCH"])
        #expect(server.requests.last?.body == bytes("{}"))
    }

    @Test(arguments: TransportKind.allCases)
    func keepsTheBodyOfA4xx(kind: TransportKind) throws {
        let transport = kind.make()
        let errorBody = #"{"error":{"code":400,"message":"EMAIL_EXISTS"}}"#
        let server = try LoopbackServer { _ in HTTPResponse(status: 400, body: bytes(errorBody)) }
        defer { server.stop() }
        let route = try kind.reach(server)
        let response = try transport.send(post(route))
        #expect(response.status == 400)
        #expect(response.body == bytes(errorBody))
    }

    @Test(arguments: TransportKind.allCases)
    func returnsARedirectWithoutFollowingIt(kind: TransportKind) throws {
        let transport = kind.make()
        let server = try LoopbackServer { request in
            request.path == "/moved"
                ? HTTPResponse(status: 200) : HTTPResponse(status: 307, headers: [("Location", "/moved")])
        }
        defer { server.stop() }
        let route = try kind.reach(server)
        let response = try transport.send(post(route, path: "/start"))
        #expect(response.status == 307)
        #expect(response.header("Location") == "/moved")
        #expect(server.requests.map(\.path) == ["/start"])
    }

    @Test(arguments: TransportKind.allCases)
    func timesOutOnASilentServer(kind: TransportKind) throws {
        let transport = kind.make()
        let gate = Gate()
        let server = try LoopbackServer { _ in
            gate.wait()
            return HTTPResponse(status: 200)
        }
        defer {
            gate.open()
            server.stop()
        }
        let route = try kind.reach(server)
        #expect {
            try transport.send(post(route, timeout: 0.3))
        } throws: { error in
            guard case .timedOut(let code, _) = error as? TransportFailure else { return false }
            return code == 28
        }
    }

    @Test(arguments: TransportKind.allCases)
    func failsWhenTheServerDropsTheConnection(kind: TransportKind) throws {
        let transport = kind.make()
        let server = try LoopbackServer { _ in .dropConnection }
        defer { server.stop() }
        let route = try kind.reach(server)
        #expect {
            try transport.send(post(route))
        } throws: { error in
            guard case .connectionReset(let code, let message) = error as? TransportFailure else { return false }
            return code == 52 && !message.isEmpty
        }
    }

    @Test(arguments: TransportKind.allCases)
    func failsWhenNothingListens(kind: TransportKind) throws {
        let transport = kind.make()
        let port = try closedLoopbackPort()
        let request = TransportRequest(method: "POST", url: "\(kind.scheme)://127.0.0.1:\(port)/x", timeout: 10)
        #expect {
            try transport.send(request)
        } throws: { error in
            guard case .connectionRefused(let code, let message) = error as? TransportFailure else { return false }
            return code == 7 && message.contains("\(port)")
        }
    }

    @Test func failsWhenTheHostDoesNotResolve() throws {
        let transport = CurlTransport()
        let request = TransportRequest(method: "POST", url: "https://fauth-test.invalid/x", timeout: 10)
        #expect {
            try transport.send(request)
        } throws: { error in
            guard case .hostNotFound(let code, _) = error as? TransportFailure else { return false }
            return code == 6
        }
    }

    @Test(arguments: TransportKind.allCases)
    func capsTheResponseBody(kind: TransportKind) throws {
        let server = try LoopbackServer { request in
            HTTPResponse(status: 200, body: [UInt8](repeating: 0x61, count: request.path == "/big" ? 1001 : 1000))
        }
        defer { server.stop() }
        let route = try kind.reach(server)
        let capped = kind.make(maximumBodySize: 1000)
        #expect(try capped.send(post(route, path: "/fits")).body.count == 1000)
        #expect {
            try capped.send(post(route, path: "/big"))
        } throws: { error in
            guard case .responseTooLarge(.body, 1000, let code, let message) = error as? TransportFailure else {
                return false
            }
            return (code == 63 || code == 23) && message.contains("1000")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func capsTheResponseBodyAtEightMebibytesByDefault(kind: TransportKind) throws {
        let transport = kind.make()
        let server = try LoopbackServer { _ in
            HTTPResponse(status: 200, body: [UInt8](repeating: 0x61, count: CurlTransport.defaultMaximumBodySize + 1))
        }
        defer { server.stop() }
        let route = try kind.reach(server)
        #expect {
            try transport.send(post(route))
        } throws: { error in
            guard case .responseTooLarge(.body, CurlTransport.defaultMaximumBodySize, _, _) = error as? TransportFailure
            else { return false }
            return true
        }
    }

    @Test(arguments: TransportKind.allCases)
    func refusesAHeaderThatWouldSplitTheRequest(kind: TransportKind) throws {
        let transport = kind.make()
        let server = try LoopbackServer { _ in HTTPResponse(status: 200) }
        defer { server.stop() }
        let route = try kind.reach(server)
        #expect {
            try transport.send(post(route, headers: [("X-Bad", "a\r\nInjected: yes")]))
        } throws: { error in
            guard case .other(let code, _) = error as? TransportFailure else { return false }
            return code == 43
        }
        #expect(server.requests.isEmpty)
    }
}
