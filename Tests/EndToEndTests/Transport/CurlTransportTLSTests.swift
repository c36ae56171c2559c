import FauthCore
import FauthEmulator
import Foundation
import Testing

/// `CurlTransport` over https:// in-process, against the TLS harness's front (Python's ssl, the test CA) before a
/// scripted HTTP server: connection reuse counted at the front, certificate checks, and how a kept connection is
/// replaced.
@Suite struct CurlTransportTLSTests {
    private let trusted = TrustedCertificates(caFile: TLSHarness.caFile)

    private func post(_ url: String, path: String = "/echo", body: String = "{}", trust: TrustedCertificates)
        -> TransportRequest
    {
        TransportRequest(
            method: "POST", url: url + path, headers: [("Content-Type", "application/json")], body: bytes(body),
            timeout: 10, trust: trust)
    }

    private func echoServer(idleTimeout: Double? = nil) throws -> LoopbackServer {
        try LoopbackServer(idleTimeout: idleTimeout) { request in
            HTTPResponse(status: 201, headers: [("X-Path", request.path)], body: request.body)
        }
    }

    @Test func aTransportsRequestsShareOneConnectionAndOneHandshake() throws {
        let server = try echoServer()
        defer { server.stop() }
        let front = try HarnessProcess(front: "valid", upstream: server.hostAndPort)
        let transport = CurlTransport()
        let first = try transport.send(post(front.url, path: "/one", body: #"{"n":1}"#, trust: trusted))
        let second = try transport.send(post(front.url, path: "/two", body: #"{"n":2}"#, trust: trusted))
        #expect(first.status == 201 && first.header("x-path") == "/one" && first.body == bytes(#"{"n":1}"#))
        #expect(second.status == 201 && second.header("X-Path") == "/two" && second.body == bytes(#"{"n":2}"#))
        #expect(front.handshakes == 1 && front.requests == ["POST /one", "POST /two"])
        #expect(server.requests.map { $0.header("Host") } == ["localhost:\(front.port)", "localhost:\(front.port)"])
    }

    @Test func capsTheResponseBodyAndDropsTheConnection() throws {
        let server = try LoopbackServer { _ in HTTPResponse(status: 200, body: [UInt8](repeating: 0x61, count: 11)) }
        defer { server.stop() }
        let front = try HarnessProcess(front: "valid", upstream: server.hostAndPort)
        let transport = CurlTransport(maximumBodySize: 10)
        for _ in 0..<2 {
            #expect {
                try transport.send(post(front.url, trust: trusted))
            } throws: { error in
                guard case .responseTooLarge(.body, 10, let code, _) = error as? TransportFailure else { return false }
                return code == 63 || code == 23
            }
        }
        #expect(front.handshakes == 2, "a connection left mid-response is never reused")
    }

    @Test func anIPAddressIsCheckedAgainstTheCertificatesAddresses() throws {
        let server = try echoServer()
        defer { server.stop() }
        let front = try HarnessProcess(front: "valid", upstream: server.hostAndPort)
        let response = try CurlTransport().send(post("https://127.0.0.1:\(front.port)", trust: trusted))
        #expect(response.status == 201 && front.handshakes == 1)
    }

    @Test func aConnectionTheServerClosedWhileIdleIsReplaced() throws {
        let server = try echoServer(idleTimeout: 0.2)
        defer { server.stop() }
        let front = try HarnessProcess(front: "valid", upstream: server.hostAndPort)
        let transport = CurlTransport()
        #expect(try transport.send(post(front.url, path: "/before", trust: trusted)).status == 201)
        // The server closes the idle connection after 0.2 s; wait (not a fixed sleep: a loaded machine can delay the
        // front's Python long) until the front has passed the close on to the client.
        #expect(front.await { $0.events.contains("upstream-closed") }, "\(front.events)")
        #expect(try transport.send(post(front.url, path: "/after", trust: trusted)).status == 201)
        #expect(front.handshakes == 2 && front.requests == ["POST /before", "POST /after"])
    }

    @Test func otherAuthoritiesNeverReuseAConnectionCheckedAgainstTheFirst() throws {
        let server = try echoServer()
        defer { server.stop() }
        let front = try HarnessProcess(front: "valid", upstream: server.hostAndPort)
        let transport = CurlTransport()
        #expect(try transport.send(post(front.url, trust: trusted)).status == 201)
        let other = TrustedCertificates(caFile: TLSHarness.certificates + "/other-ca.pem")
        #expect {
            try transport.send(post(front.url, trust: other))
        } throws: { error in
            guard case .certificate(.untrusted, let code, _) = error as? TransportFailure else { return false }
            return code == 60
        }
        #expect(front.requests.count == 1)
    }

    @Test(arguments: [
        ("untrusted", CertificateProblem.untrusted, "SSL certificate problem: unable to get local issuer certificate"),
        ("expired", .expired, "SSL certificate problem: certificate has expired"),
        ("wrong-name", .wrongName, "SSL: no alternative certificate subject name matches target host name 'localhost'"),
    ])
    func aCertificateThatDoesNotVerifyIsRefusedBeforeAnyRequest(
        certificate: String, problem: CertificateProblem,
        words: String
    ) throws {
        let server = try echoServer()
        defer { server.stop() }
        let front = try HarnessProcess(front: certificate, upstream: server.hostAndPort)
        #expect {
            try CurlTransport().send(post(front.url, trust: trusted))
        } throws: { error in
            guard case .certificate(let seen, let code, let message) = error as? TransportFailure else { return false }
            return seen == problem && code == 60 && message == words
        }
        #expect(front.requests.isEmpty && server.requests.isEmpty)
    }

    @Test func authoritiesThatCannotBeLoadedAreNamed() throws {
        let notPEM = NSTemporaryDirectory() + "fauth-not-pem-\(getpid()).pem"
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: notPEM))
        defer { try? FileManager.default.removeItem(atPath: notPEM) }
        let server = try echoServer()
        defer { server.stop() }
        let front = try HarnessProcess(front: "valid", upstream: server.hostAndPort)
        #expect {
            try CurlTransport().send(post(front.url, trust: TrustedCertificates(caFile: notPEM)))
        } throws: { error in
            guard case .certificate(.authoritiesUnusable, let code, let message) = error as? TransportFailure else {
                return false
            }
            return code == 77 && message.contains(notPEM)
        }
        #expect(front.requests.isEmpty && server.requests.isEmpty)
    }

    @Test func aServerThatAnswersInPlainHTTPFailsTheHandshake() throws {
        let port = try plainAnswerOnce("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        #expect {
            try CurlTransport().send(post("https://127.0.0.1:\(port)", trust: trusted))
        } throws: { error in
            guard case .tls(let code, let message) = error as? TransportFailure else { return false }
            return code == 35 && !message.isEmpty
        }
    }

    @Test func anUnknownHostIsNamed() throws {
        #expect {
            try CurlTransport().send(post("https://fauth-test.invalid", trust: trusted))
        } throws: { error in
            guard case .hostNotFound(let code, let message) = error as? TransportFailure else { return false }
            return code == 6 && message == "Could not resolve host: fauth-test.invalid"
        }
    }
}

/// A port on 127.0.0.1 where a server accepts one connection, writes `answer` at once (whatever it is sent), and
/// closes it.
private func plainAnswerOnce(_ answer: String) throws -> Int {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr = in_addr(s_addr: UInt32(0x7f00_0001).bigEndian)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
        }
    }
    guard listener >= 0, bound, listen(listener, 1) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
    Thread.detachNewThread {
        var connection = accept(listener, nil, nil)
        // A signal meant for another thread of the test process interrupts accept: accept again.
        while connection < 0 && errno == EINTR { connection = accept(listener, nil, nil) }
        _ = answer.utf8CString.withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count - 1) }
        close(connection)
        close(listener)
    }
    return Int(UInt16(bigEndian: address.sin_port))
}
