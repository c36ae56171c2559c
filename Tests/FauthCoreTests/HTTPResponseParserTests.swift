import Testing
@testable import FauthCore

/// LoopbackTransport's response reader, fed byte by byte and in one piece: framing, interim responses, failures.
@Suite struct HTTPResponseParserTests {
    /// Feeds `text` in pieces of `piece` bytes, then the end of the connection if no response came before it.
    private func parse(_ text: String, piece: Int, limit: Int = 1000, head: Bool = false) throws(TransportFailure) -> TransportResponse {
        var parser = HTTPResponseParser(maximumBodySize: limit, expectsBody: !head)
        let bytes = Array(text.utf8)
        var offset = 0
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        defer { storage.deallocate() }
        storage.copyBytes(from: bytes)
        while offset < bytes.count {
            let end = min(offset + piece, bytes.count)
            if let response = try parser.take(UnsafeRawBufferPointer(rebasing: storage[offset..<end])) { return response }
            offset = end
        }
        return try parser.finish()
    }

    private func failure(_ text: String, limit: Int = 1000) -> TransportFailure? {
        do {
            _ = try parse(text, piece: 7, limit: limit)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", true),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", true),
        ("HTTP/1.1 204 No Content\r\n\r\n", true),
        ("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}", false),
        ("HTTP/1.1 200 OK\r\nConnection: Keep-Alive, Close\r\nContent-Length: 2\r\n\r\n{}", false),
        ("HTTP/1.1 200 OK\r\nConnection: keep-alive, x-closed-captions\r\nContent-Length: 2\r\n\r\n{}", true),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}HTTP/1.1", false),
    ])
    func tellsWhetherTheConnectionCanCarryAnotherRequest(text: String, reusable: Bool) throws {
        var parser = HTTPResponseParser(maximumBodySize: 1000, expectsBody: true)
        let bytes = Array(text.utf8)
        let response = try bytes.withUnsafeBytes { (raw) throws(TransportFailure) in try parser.take(raw) }
        #expect(response != nil)
        #expect(parser.allowsAnotherRequest == reusable)
    }

    @Test func aBodyThatEndsWithTheConnectionNeverAllowsAnotherRequest() throws {
        var parser = HTTPResponseParser(maximumBodySize: 1000, expectsBody: true)
        let bytes = Array("HTTP/1.1 200 OK\r\n\r\n{}".utf8)
        #expect(try bytes.withUnsafeBytes { (raw) throws(TransportFailure) in try parser.take(raw) } == nil)
        #expect(try parser.finish().body == Array("{}".utf8))
        #expect(!parser.allowsAnotherRequest)
    }

    @Test(arguments: [1, 5, 4096])
    func readsAContentLengthBody(piece: Int) throws {
        let response = try parse("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-A:  b \r\nContent-Length: 4\r\n\r\n{}{}extra", piece: piece)
        #expect(response.status == 200)
        #expect(response.body == Array("{}{}".utf8))
        #expect(response.header("x-a") == "b")
        #expect(response.headers.map(\.name) == ["Content-Type", "X-A", "Content-Length"])
    }

    @Test(arguments: [1, 3, 4096])
    func decodesAChunkedBodyWithExtensionsAndTrailer(piece: Int) throws {
        let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;name=x\r\nWiki\r\n6\r\npedia \r\nE\r\nin \r\n\r\nchunks.\r\n0\r\nTrailer: t\r\n\r\n"
        #expect(try parse(text, piece: piece).body == Array("Wikipedia in \r\n\r\nchunks.".utf8))
    }

    @Test func readsABodyThatEndsWithTheConnection() throws {
        let response = try parse("HTTP/1.0 200 OK\nServer: old\n\nall of it", piece: 4)
        #expect(response.body == Array("all of it".utf8))
        #expect(response.header("Server") == "old")
    }

    @Test func skipsInterimResponses() throws {
        let response = try parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok", piece: 2)
        #expect(response.status == 201)
        #expect(response.body == Array("ok".utf8))
    }

    @Test func readsNoBodyForHeadAnd204() throws {
        #expect(try parse("HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n", piece: 100).body.isEmpty)
        #expect(try parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", piece: 100, head: true).body.isEmpty)
    }

    @Test func namesEachIncompleteOrInvalidAnswerAsLibcurlDoes() {
        #expect(failure("") == .connectionReset(code: 52, message: "Empty reply from server"))
        #expect(failure("HTTP/1.1 200 OK\r\nContent-Len")?.code == 18)
        #expect(failure("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort")?.code == 18)
        #expect(failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab")?.code == 18)
        #expect(failure("SSH-2.0-OpenSSH\r\n\r\n")?.code == 8)
        #expect(failure("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n")?.code == 8)
        #expect(failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")?.code == 56)
    }

    /// Content-Length fields that disagree leave the body's end unknown: refused (8), never one of them picked; the
    /// same length repeated, in two fields or a list, is one length.
    @Test func refusesContentLengthsThatDisagree() throws {
        #expect(failure("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 4\r\n\r\n{}{}")?.code == 8)
        #expect(failure("HTTP/1.1 200 OK\r\nContent-Length: 2, 4\r\n\r\n{}{}")?.code == 8)
        #expect(try parse("HTTP/1.1 200 OK\r\nContent-Length: 2\r\ncontent-length: 2\r\n\r\n{}", piece: 7).body == Array("{}".utf8))
        #expect(try parse("HTTP/1.1 200 OK\r\nContent-Length: 2 , 2\r\n\r\n{}", piece: 7).body == Array("{}".utf8))
    }

    @Test func capsTheBodyWhateverItsFraming() {
        let body = String(repeating: "a", count: 11)
        #expect(failure("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n\(body)", limit: 10) == .bodyTooLarge(limit: 10))
        #expect(failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nb\r\n\(body)\r\n0\r\n\r\n", limit: 10) == .bodyTooLarge(limit: 10))
        #expect(failure("HTTP/1.1 200 OK\r\n\r\n\(body)", limit: 10) == .bodyTooLarge(limit: 10))
    }
}

/// Which URLs LoopbackTransport takes (plain http to a loopback address or localhost), and what it sends for them.
@Suite struct LoopbackTargetTests {
    @Test func takesPlainHTTPToThisMachine() throws {
        let ipv4 = try #require(LoopbackTarget(url: "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k"))
        #expect(ipv4.addresses == [.ipv4Loopback])
        #expect(ipv4.port == 9099)
        #expect(ipv4.authority == "127.0.0.1:9099")
        #expect(ipv4.pathAndQuery == "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k")
        let ipv6 = try #require(LoopbackTarget(url: "HTTP://[::1]:8080?x=1#frag"))
        #expect(ipv6.addresses == [.ipv6Loopback])
        #expect(ipv6.authority == "[::1]:8080")
        #expect(ipv6.pathAndQuery == "/?x=1")
        let named = try #require(LoopbackTarget(url: "http://LocalHost/a"))
        #expect(named.addresses == [.ipv4Loopback, .ipv6Loopback])
        #expect(named.port == 80)
        #expect(LoopbackTarget(url: "http://127.9.8.7:1/")?.addresses == [.ipv4(UInt32(0x7f09_0807).bigEndian)])
    }

    /// Every spelling of this machine is one rule (`LoopbackHost`), so each goes over the socket, never a proxy.
    @Test(arguments: ["http://127.1:9/", "http://0:9/", "http://[::ffff:127.0.0.1]:9/", "http://app.localhost:9/",
                      "http://[::]:9/", "http://2130706433:9/"])
    func takesEveryLoopbackSpelling(url: String) {
        #expect(LoopbackTransport.handles(url))
    }

    @Test(arguments: [
        "https://127.0.0.1:9099/", "http://10.0.0.1:9099/", "http://example.invalid/",
        "http://user@127.0.0.1:1/", "http://127.0.0.1:0/", "http://127.0.0.1:65536/", "http://127.0.0.1:/",
        "http://[::2]:1/", "http://[::1/", "http://[::1]x/", "http://", "ftp://127.0.0.1/",
    ])
    func leavesEverythingElseToLibcurl(url: String) {
        #expect(LoopbackTarget(url: url) == nil)
        #expect(!LoopbackTransport.handles(url))
    }
}
