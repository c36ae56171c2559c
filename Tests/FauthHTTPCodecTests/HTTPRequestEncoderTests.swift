import FauthHTTPCodec
import Testing

@Suite("HTTP request encoding and URL splitting")
struct HTTPRequestEncoderTests {
    @Test func anEncodedRequestIsWhatTheParserReads() throws {
        let bytes = HTTPRequestEncoder.encode(
            method: "POST", target: "/fn?x=1", host: "[::1]:8080",
            headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "POST /fn?x=1 HTTP/1.1\r\nHost: [::1]:8080\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
        )
        var parser = HTTPRequestParser()
        parser.append(bytes)
        let request = try #require(try parser.next()).request
        #expect(request.path == "/fn" && request.query == "x=1" && request.body == Array("{}".utf8))
        #expect(request.header("host") == "[::1]:8080")
    }

    @Test func contentLengthOnlyWhereABodyIsMeant() {
        let get = String(decoding: HTTPRequestEncoder.encode(method: "GET", target: "/", host: "h"), as: UTF8.self)
        #expect(get == "GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        let post = String(decoding: HTTPRequestEncoder.encode(method: "POST", target: "/", host: "h"), as: UTF8.self)
        #expect(post.hasSuffix("Content-Length: 0\r\n\r\n"))
    }

    @Test func urlsAreSplitIntoTheirParts() throws {
        let url = try #require(HTTPURL("HTTP://[::1]:9999/a/b?c=d#frag"))
        #expect(url.scheme == "http" && url.authority == "[::1]:9999" && url.host == "::1" && url.port == "9999")
        #expect(url.path == "/a/b" && url.query == "c=d" && url.pathAndQuery == "/a/b?c=d")
        let bare = try #require(HTTPURL("https://example.test?q"))
        #expect(bare.host == "example.test" && bare.port == "443" && bare.pathAndQuery == "/?q")
        #expect(HTTPURL("http://h")?.port == "80" && HTTPURL("http://h:")?.port == "80")
        #expect(HTTPURL("ftp://h/") == nil && HTTPURL("h/x") == nil)
        #expect(
            HTTPURL("http://h/a\r\nX-Injected: 1") == nil && HTTPURL("http://h/a b") == nil, "no line breaks or spaces")
    }
}
