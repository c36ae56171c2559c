import Testing

@testable import FauthHTTPCodec

/// Feeds `text` in one piece and returns every complete request (throws on a parse error).
private func parseAll(_ text: String, maxHeaderBytes: Int = 1024, maxBodyBytes: Int = 1024) throws
    -> [ParsedHTTPRequest]
{
    try parseAll(Array(text.utf8), maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
}

private func parseAll(_ bytes: [UInt8], maxHeaderBytes: Int = 1024, maxBodyBytes: Int = 1024) throws
    -> [ParsedHTTPRequest]
{
    var parser = HTTPRequestParser(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
    parser.append(bytes)
    var requests: [ParsedHTTPRequest] = []
    while let request = try parser.next() { requests.append(request) }
    return requests
}

/// The error `text` makes the parser throw, or nil when it does not.
private func parseError(_ text: String) -> HTTPParseError? {
    parseError(Array(text.utf8))
}

private func parseError(_ bytes: [UInt8]) -> HTTPParseError? {
    do {
        _ = try parseAll(bytes)
        return nil
    } catch let error as HTTPParseError {
        return error
    } catch {
        return nil
    }
}

private let postWithBody =
    "POST /v1/accounts:lookup?key=abc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"idToken\":1}"

@Suite("HTTP request parser")
struct HTTPRequestParserTests {
    @Test func parsesRequestLineHeadersAndBody() throws {
        let requests = try parseAll(postWithBody)
        #expect(requests.count == 1)
        let parsed = try #require(requests.first)
        #expect(parsed.request.method == "POST")
        #expect(parsed.request.path == "/v1/accounts:lookup")
        #expect(parsed.request.query == "key=abc")
        #expect(parsed.request.header("content-type") == "application/json")
        #expect(parsed.request.headers.map(\.name) == ["Host", "Content-Type", "Content-Length"])
        #expect(parsed.request.body == Array("{\"idToken\":1}".utf8))
        #expect(parsed.keepAlive)
        #expect(parsed.minorVersion == 1)
    }

    @Test func trimsHeaderValueWhitespaceAndAcceptsBareLineFeeds() throws {
        let parsed = try #require(try parseAll("GET / HTTP/1.1\nX-A: \t spaced \t\nX-B:\n\n").first)
        #expect(parsed.request.header("X-A") == "spaced")
        #expect(parsed.request.header("X-B") == "")
        #expect(parsed.request.body.isEmpty)
    }

    @Test func absoluteFormAndAsteriskTargets() throws {
        let absolute = try #require(try parseAll("GET http://localhost:9099/emulator/v1?x=1 HTTP/1.1\r\n\r\n").first)
        #expect(absolute.request.path == "/emulator/v1")
        #expect(absolute.request.query == "x=1")
        let bare = try #require(try parseAll("GET HTTP://localhost:9099 HTTP/1.1\r\n\r\n").first)
        #expect(bare.request.path == "/")
        let asterisk = try #require(try parseAll("OPTIONS * HTTP/1.1\r\n\r\n").first)
        #expect(asterisk.request.path == "*")
        #expect(parseError("GET * HTTP/1.1\r\n\r\n") == .malformed("asterisk target outside OPTIONS"))
    }

    @Test func keepAliveFollowsVersionAndConnectionHeader() throws {
        #expect(try parseAll("GET / HTTP/1.1\r\n\r\n")[0].keepAlive)
        #expect(try !parseAll("GET / HTTP/1.1\r\nConnection: close\r\n\r\n")[0].keepAlive)
        #expect(try !parseAll("GET / HTTP/1.1\r\nConnection: Upgrade, Close\r\n\r\n")[0].keepAlive)
        #expect(try !parseAll("GET / HTTP/1.0\r\n\r\n")[0].keepAlive)
        #expect(try parseAll("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")[0].keepAlive)
        #expect(try parseAll("GET / HTTP/1.0\r\n\r\n")[0].minorVersion == 0)
    }

    @Test func pipelinedRequestsComeOutInOrder() throws {
        let text =
            postWithBody + "GET /a HTTP/1.1\r\n\r\n" + "\r\n" + "DELETE /b HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi"
        let requests = try parseAll(text)
        #expect(requests.map(\.request.method) == ["POST", "GET", "DELETE"])
        #expect(requests.map(\.request.path) == ["/v1/accounts:lookup", "/a", "/b"])
        #expect(requests.last?.request.body == Array("hi".utf8))
    }

    @Test func everySplitPointGivesTheSameRequests() throws {
        let text = Array(
            (postWithBody + "GET /a HTTP/1.1\r\n\r\n"
                + "POST /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;ext=1\r\nde\r\n0\r\nX-T: 1\r\n\r\n")
                .utf8)
        let whole = try parseAll(text)
        #expect(whole.count == 3)
        #expect(whole.last?.request.body == Array("abcde".utf8))
        for split in 0...text.count {
            var parser = HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1024)
            var requests: [ParsedHTTPRequest] = []
            parser.append(text[..<split])
            while let request = try parser.next() { requests.append(request) }
            parser.append(text[split...])
            while let request = try parser.next() { requests.append(request) }
            #expect(requests == whole, "split at \(split)")
        }
    }

    @Test func byteByByteFeedingGivesTheSameRequests() throws {
        let text = Array((postWithBody + "GET /a HTTP/1.1\r\n\r\n").utf8)
        var parser = HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1024)
        var requests: [ParsedHTTPRequest] = []
        for byte in text {
            parser.append([byte])
            while let request = try parser.next() { requests.append(request) }
        }
        #expect(requests == (try parseAll(text)))
        #expect(!parser.hasPartialRequest)
    }

    @Test func chunkedBodiesAreDecoded() throws {
        let text = "POST / HTTP/1.1\r\nTransfer-Encoding: Chunked\r\n\r\nA\r\n0123456789\r\n1\r\n!\r\n0\r\n\r\n"
        let parsed = try #require(try parseAll(text).first)
        #expect(parsed.request.body == Array("0123456789!".utf8))
    }

    @Test func chunkedBodyErrors() {
        let head = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(parseError(head + "zz\r\n") == .malformed("bad chunk size"))
        #expect(parseError(head + "-1\r\n") == .malformed("bad chunk size"))
        #expect(parseError(head + "3\r\nabcX") == .malformed("chunk data not followed by CRLF"))
        #expect(parseError(head + "3\r\nabc\rX") == .malformed("chunk data not followed by CRLF"))
        #expect(parseError(head + "401\r\n") == .bodyTooLarge)
        #expect(parseError(head + "200\r\n" + String(repeating: "a", count: 512) + "\r\n201\r\n") == .bodyTooLarge)
        #expect(parseError(head + "fffffffffffffffffffff\r\n") == .bodyTooLarge)
        #expect(parseError(head + String(repeating: "0", count: 5000)) == .malformed("chunk size line too long"))
        #expect(parseError(head + "0\r\nno colon\r\n\r\n") == .malformed("trailer field without a colon"))
        #expect(parseError(head + "0\r\n" + String(repeating: "X-T: 1\r\n", count: 200)) == .headersTooLarge)
    }

    @Test func transferEncodingsOtherThanChunkedAreRefusedWith501() {
        #expect(
            parseError("POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") == .unsupportedTransferEncoding)
        #expect(parseError("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n")?.status == 501)
        #expect(
            parseError("POST / HTTP/1.1\r\nTransfer-Encoding: chunked, chunked\r\n\r\n")
                == .malformed("bad Transfer-Encoding"))
        #expect(parseError("POST / HTTP/1.1\r\nTransfer-Encoding: ,\r\n\r\n") == .malformed("bad Transfer-Encoding"))
    }

    @Test func contentLengthMustBeOneNonNegativeDecimal() throws {
        #expect(parseError("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") == .malformed("bad Content-Length"))
        #expect(parseError("POST / HTTP/1.1\r\nContent-Length: +5\r\n\r\n") == .malformed("bad Content-Length"))
        #expect(parseError("POST / HTTP/1.1\r\nContent-Length: 0x10\r\n\r\n") == .malformed("bad Content-Length"))
        #expect(parseError("POST / HTTP/1.1\r\nContent-Length: 1 2\r\n\r\n") == .malformed("bad Content-Length"))
        #expect(parseError("POST / HTTP/1.1\r\nContent-Length:\r\n\r\n") == .malformed("bad Content-Length"))
        #expect(
            parseError("POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n")
                == .malformed("conflicting Content-Length values"))
        #expect(
            parseError("POST / HTTP/1.1\r\nContent-Length: 2, 3\r\n\r\n")
                == .malformed("conflicting Content-Length values"))
        #expect(
            parseError("POST / HTTP/1.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n")
                == .malformed("both Content-Length and Transfer-Encoding"))
        // Identical duplicates are one length (RFC 9110 §8.6).
        let duplicate = try parseAll("POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 2, 2\r\n\r\nok")
        #expect(duplicate.first?.request.body == Array("ok".utf8))
    }

    @Test func oversizedBodiesAreRefusedBeforeTheyArrive() {
        #expect(parseError("POST / HTTP/1.1\r\nContent-Length: 1025\r\n\r\n") == .bodyTooLarge)
        #expect(parseError("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999999999\r\n\r\n")?.status == 413)
        #expect(parseError("POST / HTTP/1.1\r\nContent-Length: 1024\r\n\r\n") == nil)
    }

    @Test func oversizedHeadersAreRefusedWith431() {
        let huge = "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 2000) + "\r\n\r\n"
        #expect(parseError(huge) == .headersTooLarge)
        #expect(parseError(huge)?.status == 431)
        // Without an end in sight, the limit applies to what has arrived.
        #expect(parseError("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 2000)) == .headersTooLarge)
        #expect(parseError(String(repeating: "A", count: 2000)) == .headersTooLarge)
        #expect(parseError("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 900) + "\r\n\r\n") == nil)
    }

    @Test func tooManyHeaderFieldsAre431EvenWithinTheByteLimit() throws {
        let fields = { (count: Int) in "GET / HTTP/1.1\r\n" + String(repeating: "a:\r\n", count: count) + "\r\n" }
        var parser = HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 0, maxHeaderFields: 10)
        parser.append(Array(fields(10).utf8))
        #expect(try parser.next()?.request.headers.count == 10)
        parser = HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 0, maxHeaderFields: 10)
        parser.append(Array(fields(11).utf8))
        #expect(throws: HTTPParseError.headersTooLarge) { try parser.next() }
        #expect(
            HTTPRequestParser().limits.maxHeaderFields == 100, "the default the emulator and the callback listener use")
    }

    @Test func anOverlongRequestLineIsRefusedBeforeItEnds() throws {
        // A request line that never ends is refused once it is past the head's limit, not buffered on.
        var parser = HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1024)
        parser.append(Array("GET /".utf8) + Array(repeating: UInt8(ascii: "a"), count: 1019))
        #expect(try parser.next() == nil)
        parser.append([UInt8(ascii: "a")])
        #expect(throws: HTTPParseError.headersTooLarge) { try parser.next() }
        #expect(parseError("GET /" + String(repeating: "a", count: 1100) + " HTTP/1.1\r\n\r\n") == .headersTooLarge)
    }

    @Test func chunkSizesMayBeZeroPaddedAndCarryExtensionsWithinTheLineBound() throws {
        let head = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        let padded =
            String(repeating: "0", count: 4000) + "3;name=\"" + String(repeating: "x", count: 80) + "\"\r\nabc\r\n"
        let parsed = try parseAll(head + padded + "0;last\r\n\r\n", maxBodyBytes: 8)
        #expect(parsed.first?.request.body == Array("abc".utf8))
        // One byte more and the chunk-size line is over its 4 KiB bound, whether it ends or not.
        let overlong = String(repeating: "0", count: 4094) + "3\r\nabc\r\n0\r\n\r\n"
        #expect(parseError(head + overlong) == .malformed("chunk size line too long"))
        #expect(parseError(head + "3;" + String(repeating: "e", count: 5000)) == .malformed("chunk size line too long"))
    }

    @Test func trailersAreReadAndDroppedWithinTheHeadLimit() throws {
        let head = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        let parsed = try parseAll(head + "2\r\nok\r\n0\r\nX-Checksum: 1\r\nX-Other:\r\n\r\nGET /next HTTP/1.1\r\n\r\n")
        #expect(parsed.map(\.request.path) == ["/", "/next"])
        #expect(parsed[0].request.headers.map(\.name) == ["Transfer-Encoding"], "trailer fields are not added")
        // One trailer line that never ends is bounded by the same limit as the head.
        #expect(parseError(head + "0\r\nX-T: " + String(repeating: "t", count: 1100)) == .headersTooLarge)
    }

    @Test func truncatedInputLeavesAPartialRequest() throws {
        for cut in [
            "GET / HTTP/1.1\r\nHost: x\r\n", "POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab",
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
        ] {
            var parser = HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1024)
            parser.append(Array(cut.utf8))
            #expect(try parser.next() == nil, "\(cut)")
            #expect(parser.hasPartialRequest, "the server answers a connection closed here as cut short")
        }
    }

    @Test func garbageAndMalformedRequestLinesAre400() {
        let cases = [
            "garbage\r\n\r\n", "GET\r\n\r\n", "GET /\r\n\r\n", "GET / HTTP/1.1 extra\r\n\r\n",
            "GET  / HTTP/1.1\r\n\r\n",
            "GET / http/1.1\r\n\r\n", "GET / HTTP/1.x\r\n\r\n", "GET / HTTP/11\r\n\r\n", "G(T / HTTP/1.1\r\n\r\n",
            "GET nopath HTTP/1.1\r\n\r\n", "GET ftp://x/ HTTP/1.1\r\n\r\n", " GET / HTTP/1.1\r\n\r\n",
            "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\r\n\r\n",
        ]
        for text in cases {
            #expect(parseError(text)?.status == 400, "\(text.debugDescription)")
        }
    }

    @Test func otherHTTPVersionsAre505() {
        #expect(parseError("GET / HTTP/2.0\r\n\r\n") == .unsupportedVersion)
        #expect(parseError("GET / HTTP/1.2\r\n\r\n")?.status == 505)
    }

    @Test func malformedHeaderFieldsAre400() {
        let cases = [
            "GET / HTTP/1.1\r\nNoColon\r\n\r\n", "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
            "GET / HTTP/1.1\r\nName : x\r\n\r\n",
            "GET / HTTP/1.1\r\n: x\r\n\r\n", "GET / HTTP/1.1\r\nX-A: a\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nX-A: a\rb\r\n\r\n",
            "GET / HTTP/1.1\r\nX-A: a\u{7F}\r\n\r\n", "GET / HTTP/1.1\r\nX-\u{E9}: a\r\n\r\n",
        ]
        for text in cases {
            #expect(parseError(text)?.status == 400, "\(text.debugDescription)")
        }
    }

    @Test func nulBytesAnywhereInTheHeadAre400() {
        let text = Array("GET /a HTTP/1.1\r\nX-A: b\r\n\r\n".utf8)
        for index in text.indices where text[index] != UInt8(ascii: "\r") && text[index] != UInt8(ascii: "\n") {
            var bytes = text
            bytes[index] = 0
            #expect(parseError(bytes)?.status == 400, "NUL at \(index)")
        }
    }

    @Test func randomGarbageNeverCrashesAndEndsInAnError() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let count = Int(generator.next() % 3000)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            bytes += Array("\r\n\r\n".utf8)
            var parser = HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1024)
            parser.append(bytes)
            #expect(throws: HTTPParseError.self) { while try parser.next() != nil {} }
        }
    }

    @Test func aFailedParserStaysFailed() throws {
        var parser = HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1024)
        parser.append(Array("garbage\r\n\r\n".utf8))
        #expect(throws: HTTPParseError.malformed("bad request line")) { try parser.next() }
        parser.append(Array("GET / HTTP/1.1\r\n\r\n".utf8))
        #expect(throws: HTTPParseError.malformed("bad request line")) { try parser.next() }
    }

    @Test func expectContinueIsReportedOnceWhileTheBodyIsOutstanding() throws {
        var parser = HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1024)
        parser.append(Array("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8))
        #expect(try parser.next() == nil)
        let first = parser.takeContinueRequest()
        let second = parser.takeContinueRequest()
        #expect(first)
        #expect(!second)
        parser.append(Array("ok".utf8))
        #expect(try parser.next()?.request.body == Array("ok".utf8))

        var complete = HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1024)
        complete.append(Array("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok".utf8))
        #expect(try complete.next() != nil)
        let afterCompletion = complete.takeContinueRequest()
        #expect(!afterCompletion)
    }

    @Test func partialRequestTracking() throws {
        var parser = HTTPRequestParser()
        #expect(!parser.hasPartialRequest)
        parser.append(Array("GET / HT".utf8))
        #expect(try parser.next() == nil)
        #expect(parser.hasPartialRequest)
        parser.append(Array("TP/1.1\r\n\r\n".utf8))
        #expect(try parser.next() != nil)
        #expect(!parser.hasPartialRequest)
    }
}

/// A tiny deterministic generator, so the garbage test is reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
