import Dispatch
import FauthHTTPCodec
import FauthJSON
import FauthTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import FauthEmulator

/// A handler that answers `/echo` with the method, path, query and body as JSON, `/drop` by dropping the
/// connection, `/big` with 8 MiB, and anything else with 404.
private let echoHandler: @Sendable (HTTPRequest) -> HTTPResponse = { request in
    switch request.path {
    case "/drop":
        return .dropConnection
    case "/big":
        return HTTPResponse(status: 200, body: [UInt8](repeating: 0x61, count: 8 << 20))
    case "/echo":
        let json: JSONValue = [
            "method": .string(request.method), "path": .string(request.path), "query": .string(request.query),
            "body": .string(String(decoding: request.body, as: UTF8.self)),
        ]
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "application/json"), ("Content-Length", "999")],
            body: json.serializedBytes())
    default:
        return HTTPResponse(status: 404, body: Array("no".utf8))
    }
}

/// Runs `body` with a started server on a free port, and stops the server afterwards.
@discardableResult
private func withServer<T>(
    _ configuration: HTTPServerConfiguration = HTTPServerConfiguration(port: 0),
    _ body: (HTTPServer) throws -> T
) throws -> T {
    let server = try HTTPServer(configuration: configuration, handler: echoHandler)
    server.start()
    defer { server.stop() }
    return try body(server)
}

private func header(_ name: String, _ response: TestHTTPClient.Response) -> String? {
    TestHTTPClient.header(name, in: response.headers)
}

@Suite("HTTP server over real sockets")
struct HTTPServerTests {
    @Test func servesSeveralRequestsOnOneKeepAliveConnection() throws {
        try withServer { server in
            #expect(server.port > 0)
            let client = try TestHTTPClient(port: server.port)
            for index in 0..<5 {
                let (status, json) = try client.json(path: "/echo?n=\(index)", body: ["n": .number(Double(index))])
                #expect(status == 200)
                #expect(json["query"]?.string == "n=\(index)")
                #expect(json["body"]?.string == "{\"n\":\(index)}")
            }
            let last = try client.send(method: "GET", path: "/echo")
            #expect(header("Connection", last) == "keep-alive")
            #expect(header("Content-Length", last) == String(last.body.count))
            #expect(last.headers.filter { $0.0 == "Content-Length" }.count == 1)
            #expect(header("Date", last)?.hasSuffix(" GMT") == true)
            #expect(header("Date", last)?.count == "Sun, 06 Nov 1994 08:49:37 GMT".count)
            #expect(header("Content-Type", last) == "application/json")
            #expect(client.connectionsOpened == 1)
        }
    }

    @Test func connectionCloseAndHTTP10CloseAfterTheResponse() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            let closing = try client.send(method: "GET", path: "/echo", headers: [("Connection", "close")])
            #expect(closing.status == 200)
            #expect(header("Connection", closing) == "close")

            let raw = try TestHTTPClient(port: server.port)
            try raw.sendRaw(Array("GET /echo HTTP/1.0\r\n\r\n".utf8))
            let old = try raw.readResponse()
            #expect(old.status == 200)
            #expect(header("Connection", old) == "close")
            #expect(raw.serverClosesConnection(within: 60))
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.sendRaw(
                Array(
                    "GET /echo?a HTTP/1.1\r\n\r\nPOST /echo?b HTTP/1.1\r\nContent-Length: 1\r\n\r\nxGET /nope HTTP/1.1\r\n\r\n"
                        .utf8))
            let first = try client.readResponse()
            let second = try client.readResponse()
            let third = try client.readResponse()
            #expect(try JSONValue.parse(first.body)["query"]?.string == "a")
            #expect(try JSONValue.parse(second.body)["body"]?.string == "x")
            #expect(third.status == 404)
        }
    }

    @Test func chunkedRequestBodiesReachTheHandlerDecoded() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.sendRaw(
                Array(
                    "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
                        .utf8))
            let response = try client.readResponse()
            #expect(try JSONValue.parse(response.body)["body"]?.string == "hello world")
        }
    }

    @Test func expectContinueGetsAnInterimResponse() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.sendRaw(Array("POST /echo HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8))
            let interim = try client.readResponse(skipInterim: false)
            #expect(interim.status == 100)
            try client.sendRaw(Array("ok".utf8))
            #expect(try JSONValue.parse(client.readResponse().body)["body"]?.string == "ok")
        }
    }

    @Test func headRequestsGetHeadersWithoutABody() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            let head = try client.send(method: "HEAD", path: "/nope")
            #expect(head.status == 404)
            #expect(header("Content-Length", head) == "2")
            #expect(head.body.isEmpty)
            // The connection is still in sync: the next response is read whole.
            #expect(try client.send(method: "GET", path: "/nope").body == Array("no".utf8))
        }
    }

    @Test func manyConcurrentKeepAliveClients() throws {
        try withServer { server in
            let failures = Counter()
            DispatchQueue.concurrentPerform(iterations: 32) { clientIndex in
                do {
                    let client = try TestHTTPClient(port: server.port)
                    for request in 0..<25 {
                        let (status, json) = try client.json(path: "/echo?c=\(clientIndex)&r=\(request)", body: "x")
                        if status != 200 || json["query"]?.string != "c=\(clientIndex)&r=\(request)" {
                            failures.increment()
                        }
                    }
                    if client.connectionsOpened != 1 { failures.increment() }
                } catch {
                    failures.increment()
                }
            }
            #expect(failures.value == 0)
        }
    }

    /// Runs `body` with a server of `workerThreads` serving threads whose `/wait` handler signals `entered`, then waits
    /// for `proceed`; afterwards `proceed` is signalled `releases` times and the server stopped.
    private func withWaitingServer(
        workerThreads: Int, releases: Int,
        _ body: (_ server: HTTPServer, _ entered: DispatchSemaphore, _ proceed: DispatchSemaphore) throws -> Void
    ) throws {
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.workerThreads = workerThreads
        let server = try HTTPServer(configuration: configuration) { request in
            if request.path == "/wait" {
                entered.signal()
                proceed.wait()
            }
            return HTTPResponse(status: 200, body: Array(request.path.utf8))
        }
        server.start()
        defer {
            for _ in 0..<releases { proceed.signal() }
            server.stop()
        }
        try body(server, entered, proceed)
    }

    /// A handler that waits (as a delay fault or a blocking-function call does) holds up its own connection only: with
    /// two serving threads, one waiting, other connections are answered meanwhile.
    @Test func aHandlerThatWaitsHoldsUpOnlyItsOwnConnection() throws {
        try withWaitingServer(workerThreads: 2, releases: 1) { server, entered, proceed in
            let waiting = try TestHTTPClient(port: server.port)
            try waiting.sendRaw(Array("GET /wait HTTP/1.1\r\n\r\n".utf8))
            try #require(entered.wait(timeout: .now() + 60) == .success)
            let keptAlive = try TestHTTPClient(port: server.port)
            for index in 0..<5 {
                #expect(try keptAlive.send(method: "GET", path: "/kept-\(index)").body == Array("/kept-\(index)".utf8))
                #expect(
                    try TestHTTPClient(port: server.port).send(method: "GET", path: "/new-\(index)").body
                        == Array("/new-\(index)".utf8))
            }
            proceed.signal()
            #expect(try waiting.readResponse().body == Array("/wait".utf8))
        }
    }

    /// More handlers wait at once than there are turns (two per core, at most): the waiting threads' turns are lent,
    /// so other connections are still answered and every waiting request is answered in the end.
    @Test func handlersWaitingPastTheTurnsStillLeaveOtherConnectionsAnswered() throws {
        let waiters = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        try withWaitingServer(workerThreads: waiters + 1, releases: waiters) { server, entered, proceed in
            var waiting: [TestHTTPClient] = []
            for _ in 0..<waiters {
                let client = try TestHTTPClient(port: server.port)
                try client.sendRaw(Array("GET /wait HTTP/1.1\r\n\r\n".utf8))
                try #require(
                    entered.wait(timeout: .now() + 60) == .success, "a handler started while \(waiting.count) wait")
                waiting.append(client)
            }
            #expect(
                try TestHTTPClient(port: server.port).send(method: "GET", path: "/other").body == Array("/other".utf8))
            for _ in 0..<waiters { proceed.signal() }
            for client in waiting { #expect(try client.readResponse().body == Array("/wait".utf8)) }
        }
    }

    /// A turn is held while its thread serves, lent when the thread has served one connection too long, and given
    /// back when that thread is done.
    @Test func aTurnIsLentWhileItsThreadWaitsAndGivenBackAfter() throws {
        let turns = ServingTurns(threads: 2, limit: 1)
        #expect(turns.limit == 1 && turns.take())
        let second = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if turns.take() { second.signal() }
        }
        #expect(second.wait(timeout: .now() + 0.2) == .timedOut, "no second turn while the first is held")
        turns.lendStuckTurns()
        #expect(second.wait(timeout: .now() + 0.2) == .timedOut, "a thread between connections keeps its turn")
        turns.begin(turns.seats[0])
        usleep(useconds_t(ServingTurns.lendAfter + 20) * 1000)
        turns.lendStuckTurns()
        #expect(second.wait(timeout: .now() + 10) == .success, "the waiting thread's turn was lent")
        #expect(!turns.end(turns.seats[0]), "the lent turn is given back: the thread must take one again")
        let third = DispatchSemaphore(value: 0)
        let thirdTook = Recorder<Bool>()
        DispatchQueue.global().async {
            thirdTook.append(turns.take())
            third.signal()
        }
        #expect(third.wait(timeout: .now() + 0.2) == .timedOut, "back to one turn, held by the second thread")
        turns.begin(turns.seats[1])
        #expect(turns.end(turns.seats[1]), "a thread done in time keeps its turn")
        turns.stop()
        #expect(
            third.wait(timeout: .now() + 10) == .success && thirdTook.values == [false],
            "a stopped server gives no turn")
        #expect(!turns.take())
    }

    @Test func oversizedBodyGets413AndTheConnectionCloses() throws {
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.maxBodyBytes = 100
        try withServer(configuration) { server in
            let client = try TestHTTPClient(port: server.port)
            let response = try client.send(method: "POST", path: "/echo", body: [UInt8](repeating: 0x61, count: 5000))
            #expect(response.status == 413)
            #expect(header("Connection", response) == "close")
            #expect(
                try client.send(method: "POST", path: "/echo", body: [UInt8](repeating: 0x61, count: 100)).status == 200
            )
            #expect(client.connectionsOpened == 2)
        }
    }

    @Test func oversizedHeadersGet431() throws {
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.maxHeaderBytes = 1000
        try withServer(configuration) { server in
            let client = try TestHTTPClient(port: server.port)
            let response = try client.send(
                method: "GET", path: "/echo", headers: [("X-Big", String(repeating: "b", count: 2000))])
            #expect(response.status == 431)
            #expect(client.serverClosesConnection(within: 60))
        }
    }

    @Test func garbageGets400AndTheConnectionCloses() throws {
        try withServer { server in
            for garbage in ["hello there\r\n\r\n", "GET / HTTP/1.1\r\nX\u{0}: y\r\n\r\n", "\u{0}\u{1}\u{2}\r\n\r\n"] {
                let client = try TestHTTPClient(port: server.port)
                try client.sendRaw(Array(garbage.utf8))
                let response = try client.readResponse()
                #expect(response.status == 400)
                #expect(client.serverClosesConnection(within: 60))
            }
            let unsupported = try TestHTTPClient(port: server.port)
            try unsupported.sendRaw(Array("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n".utf8))
            #expect(try unsupported.readResponse().status == 501)
        }
    }

    @Test func idleKeepAliveConnectionsAreClosed() throws {
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.idleTimeoutSeconds = 0.2
        try withServer(configuration) { server in
            let client = try TestHTTPClient(port: server.port)
            #expect(try client.send(method: "GET", path: "/echo").status == 200)
            #expect(client.serverClosesConnection(within: 60))
        }
    }

    @Test func slowRequestsGet408() throws {
        var configuration = HTTPServerConfiguration(port: 0)
        // 2 s: the trickle below must be written before the server answers 408 and closes (a write after that
        // close is reset, which can drop the 408), even when a loaded machine holds the test's thread up.
        configuration.requestTimeoutSeconds = 2
        try withServer(configuration) { server in
            let client = try TestHTTPClient(port: server.port)
            try client.sendRaw(Array("GET /echo HTTP/1.1\r\nX-Slow: ".utf8))
            // Trickling bytes does not extend the deadline of a request.
            for _ in 0..<3 {
                usleep(50_000)
                try client.sendRaw(Array("a".utf8))
            }
            #expect(try client.readResponse().status == 408)
            #expect(client.serverClosesConnection(within: 60))
        }
    }

    @Test func droppedResponsesCloseWithoutWriting() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.sendRaw(Array("GET /drop HTTP/1.1\r\n\r\n".utf8))
            #expect(client.serverClosesConnection(within: 60))
            #expect(try client.send(method: "GET", path: "/echo").status == 200)
        }
    }

    @Test func clientsThatVanishMidResponseDoNotHurtTheServer() throws {
        try withServer { server in
            for _ in 0..<3 {
                let quitter = try TestHTTPClient(port: server.port)
                try quitter.sendRaw(Array("GET /big HTTP/1.1\r\n\r\n".utf8))
                quitter.close()
            }
            let client = try TestHTTPClient(port: server.port)
            #expect(try client.send(method: "GET", path: "/big").body.count == 8 << 20)
        }
    }

    @Test func corsPreflightIsAnsweredWith204() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            let response = try client.send(
                method: "OPTIONS", path: "/identitytoolkit.googleapis.com/v1/accounts:signUp",
                headers: [
                    ("Origin", "http://app.example"), ("Access-Control-Request-Method", "POST"),
                    ("Access-Control-Request-Headers", "content-type,x-client-version"),
                ])
            #expect(response.status == 204)
            #expect(header("Access-Control-Allow-Origin", response) == "http://app.example")
            #expect(header("Access-Control-Allow-Methods", response) == "GET,HEAD,PUT,PATCH,POST,DELETE")
            #expect(header("Access-Control-Allow-Headers", response) == "content-type,x-client-version")
            #expect(header("Vary", response) == "Origin, Access-Control-Request-Headers")
            #expect(header("Content-Length", response) == "0")
            #expect(response.body.isEmpty)
            #expect(header("Access-Control-Allow-Private-Network", response) == nil)
            let privateNetwork = try client.send(
                method: "OPTIONS", path: "/",
                headers: [
                    ("Origin", "example.com"), ("Access-Control-Request-Private-Network", "true"),
                ])
            #expect(header("Access-Control-Allow-Private-Network", privateNetwork) == "true")
        }
    }

    @Test func simpleCorsRequestsReflectTheOrigin() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            let withOrigin = try client.send(method: "GET", path: "/echo", headers: [("Origin", "https://x.test")])
            #expect(header("Access-Control-Allow-Origin", withOrigin) == "https://x.test")
            #expect(header("Vary", withOrigin) == "Origin")
            let withoutOrigin = try client.send(method: "GET", path: "/echo")
            #expect(header("Access-Control-Allow-Origin", withoutOrigin) == nil)
            #expect(header("Vary", withoutOrigin) == "Origin")
        }
    }

    @Test func servesOverIPv6() throws {
        try withServer(HTTPServerConfiguration(host: "::1", port: 0)) { server in
            let client = try TestHTTPClient(host: "::1", port: server.port)
            #expect(try client.send(method: "GET", path: "/echo").status == 200)
        }
    }

    @Test func aPortInUseIsAnError() throws {
        try withServer { server in
            #expect(throws: HTTPServerError.self) {
                _ = try HTTPServer(configuration: HTTPServerConfiguration(port: server.port), handler: echoHandler)
            }
        }
    }

    @Test func unresolvableHostIsAnError() {
        #expect(throws: HTTPServerError.self) {
            _ = try HTTPServer(
                configuration: HTTPServerConfiguration(host: "no such host.invalid", port: 0), handler: echoHandler)
        }
    }

    @Test func stopClosesOpenConnectionsAndFreesThePort() throws {
        let server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: echoHandler)
        server.start()
        let client = try TestHTTPClient(port: server.port)
        #expect(try client.send(method: "GET", path: "/echo").status == 200)
        server.stop()
        #expect(client.serverClosesConnection(within: 60))
        let again = try HTTPServer(configuration: HTTPServerConfiguration(port: server.port), handler: echoHandler)
        again.start()
        defer { again.stop() }
        #expect(again.port == server.port)
        #expect(try TestHTTPClient(port: again.port).send(method: "GET", path: "/echo").status == 200)
    }

    @Test func stopWithoutStartAndTwiceIsHarmless() throws {
        let server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: echoHandler)
        server.stop()
        server.stop()
        server.start()
        #expect(throws: TestHTTPClientError.self) { _ = try TestHTTPClient(port: server.port) }
    }
}

/// A thread-safe counter for tests that run work concurrently.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
