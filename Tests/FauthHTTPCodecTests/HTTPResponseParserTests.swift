import FauthHTTPCodec
import Testing

/// Feeds `text` in one piece, then ends the connection; returns every response (throws on a parse error).
private func responses(_ text: String, headRequest: Bool = false, maxBodyBytes: Int = 1024) throws
    -> [ParsedHTTPResponse]
{
    var parser = HTTPResponseParser(limits: HTTPLimits(maxHeaderBytes: 1024, maxBodyBytes: maxBodyBytes))
    parser.append(Array(text.utf8))
    var parsed: [ParsedHTTPResponse] = []
    while let response = try parser.next(headRequest: headRequest) { parsed.append(response) }
    if let last = try parser.finish() { parsed.append(last) }
    return parsed
}

/// The error `text` makes the parser throw, or nil when it does not.
private func responseError(_ text: String, maxBodyBytes: Int = 1024) -> HTTPParseError? {
    do {
        _ = try responses(text, maxBodyBytes: maxBodyBytes)
        return nil
    } catch let error as HTTPParseError {
        return error
    } catch {
        return nil
    }
}

@Suite("HTTP response parser")
struct HTTPResponseParserTests {
    @Test func statusHeadersAndBodyByContentLength() throws {
        let parsed = try responses(
            "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
        #expect(parsed.count == 1)
        #expect(parsed[0].status == 201 && parsed[0].body == Array("{}".utf8) && parsed[0].keepAlive)
        #expect(parsed[0].header("content-type") == "application/json")
        #expect(
            try responses("HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n").first?.status == 200,
            "the reason may be left out")
    }

    @Test func twoAnswersInOneReadComeOutInOrder() throws {
        let parsed = try responses(
            "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\naHTTP/1.1 404 Not Found\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n1\r\nb\r\n0\r\n\r\n")
        #expect(parsed.map(\.status) == [200, 404])
        #expect(parsed.map(\.body) == [Array("a".utf8), Array("b".utf8)])
    }

    @Test func chunkedAnswersUseTheRequestsDecoderAndItsBounds() throws {
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        let padded = try responses(head + "0003;ext=1\r\nabc\r\n0\r\nX-Trailer: t\r\n\r\n")
        #expect(padded.first?.body == Array("abc".utf8))
        #expect(padded.first?.headers.count == 1, "trailers are dropped")
        #expect(responseError(head + String(repeating: "0", count: 5000)) == .malformed("chunk size line too long"))
        #expect(
            responseError(head + "1;" + String(repeating: "e", count: 5000) + "\r\n")
                == .malformed("chunk size line too long"))
        #expect(responseError(head + "0\r\nX-T: " + String(repeating: "t", count: 2000)) == .headersTooLarge)
        #expect(responseError(head + "401\r\n") == .bodyTooLarge)
    }

    @Test func bodiesOverTheLimitAreRefusedWhateverTheirFraming() {
        #expect(responseError("HTTP/1.1 200 OK\r\nContent-Length: 2147483648\r\n\r\n") == .bodyTooLarge)
        #expect(responseError("HTTP/1.1 200 OK\r\n\r\n" + String(repeating: "x", count: 1025)) == .bodyTooLarge)
        #expect(responseError("HTTP/1.1 200 OK\r\n\r\n" + String(repeating: "x", count: 1024)) == nil)
    }

    @Test func aBodyWithoutLengthRunsToTheEndOfTheConnection() throws {
        var parser = HTTPResponseParser()
        parser.append(Array("HTTP/1.0 200 OK\r\n\r\npart".utf8))
        #expect(try parser.next() == nil)
        parser.append(Array(" two".utf8))
        #expect(try parser.next() == nil)
        let last = try #require(try parser.finish())
        #expect(last.body == Array("part two".utf8) && !last.keepAlive)
    }

    @Test func headAnswersAnd204And304HaveNoBody() throws {
        let head = try responses(
            "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n", headRequest: true)
        #expect(head.map(\.status) == [200, 204] && head.allSatisfy(\.body.isEmpty))
        #expect(try responses("HTTP/1.1 304 Not Modified\r\nContent-Length: 9\r\n\r\n").first?.body == [])
    }

    @Test func interimAnswersComeOutAndAreBounded() throws {
        let parsed = try responses("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        #expect(parsed.map(\.status) == [100, 200])
        let flood =
            String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 9)
            + "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
        #expect(responseError(flood) == .malformed("too many interim responses"))
    }

    @Test func truncatedAnswersAreErrorsAtTheEnd() {
        for cut in [
            "HTTP/1.1 200 OK\r\nContent-Le", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n",
        ] {
            #expect(responseError(cut) == .truncated, "\(cut)")
        }
        #expect(responseError("") == nil, "a connection closed between answers is no error")
    }

    @Test func malformedStatusLinesAndHeadsAreRefused() {
        #expect(responseError("HTTP/1.1 2000 OK\r\n\r\n") == .malformed("bad status line"))
        #expect(responseError("HTTP/1.1 20 OK\r\n\r\n") == .malformed("bad status line"))
        #expect(responseError("HTTP/1.1 099 Low\r\n\r\n") == .malformed("bad status code"))
        #expect(responseError("HTTP/2.0 200 OK\r\n\r\n") == .unsupportedVersion)
        #expect(responseError("SSH-2.0-OpenSSH_9.2\r\n\r\n") != nil)
        #expect(responseError("HTTP/1.1 200 OK\r\nNo colon\r\n\r\n") == .malformed("header field without a colon"))
        #expect(
            responseError("HTTP/1.1 200 OK\r\n" + String(repeating: "a:\r\n", count: 101) + "\r\n") == .headersTooLarge)
        #expect(responseError("HTTP/1.1 200 OK\r\nX: " + String(repeating: "v", count: 2000)) == .headersTooLarge)
        #expect(responseError("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n") == .unsupportedTransferEncoding)
    }

    @Test func everySplitPointGivesTheSameAnswers() throws {
        let text =
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc"
            + "HTTP/1.1 500 Oops\r\nTransfer-Encoding: chunked\r\n\r\n2;x\r\nde\r\n0\r\nT: 1\r\n\r\n"
        let bytes = Array(text.utf8)
        let whole = try responses(text)
        #expect(whole.map(\.status) == [100, 200, 500])
        for split in 0...bytes.count {
            var parser = HTTPResponseParser(limits: HTTPLimits(maxHeaderBytes: 1024, maxBodyBytes: 1024))
            var parsed: [ParsedHTTPResponse] = []
            parser.append(bytes[..<split])
            while let response = try parser.next() { parsed.append(response) }
            parser.append(bytes[split...])
            while let response = try parser.next() { parsed.append(response) }
            #expect(parsed == whole, "split at \(split)")
        }
    }
}
