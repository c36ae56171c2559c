import Testing

@testable import FauthCore

/// URLParts: what a transport takes from an endpoint URL, and the URLs it refuses.
@Suite struct URLPartsTests {
    @Test func takesTheSchemeHostPortAndTarget() throws {
        let parts = try #require(URLParts(url: "HTTP://[::1]:8080/v1/accounts:lookup?key=k#top"))
        #expect(parts.scheme == "http")
        #expect(parts.host == "::1")
        #expect(parts.port == 8080)
        #expect(parts.authority == "[::1]:8080")
        #expect(parts.pathAndQuery == "/v1/accounts:lookup?key=k")
    }

    @Test func fillsInTheSchemesPortAndAnEmptyPath() throws {
        let parts = try #require(URLParts(url: "https://example.com?x=1"))
        #expect(parts.port == 443)
        #expect(parts.authority == "example.com")
        #expect(parts.pathAndQuery == "/?x=1")
    }

    @Test func readsTextOutsideASCIIAsWritten() throws {
        let parts = try #require(URLParts(url: "https://bücher.example:8443/pfad/é?q=ü#fragment"))
        #expect(parts.host == "bücher.example")
        #expect(parts.port == 8443)
        #expect(parts.authority == "bücher.example:8443")
        #expect(parts.pathAndQuery == "/pfad/é?q=ü")
    }

    /// The delimiters are ASCII bytes, as libcurl reads them: a combining mark after one is the next part's first
    /// text, not part of the delimiter (read by Characters, "/\u{301}" was no "/" and the path became the port).
    @Test func aCombiningMarkAfterADelimiterDoesNotHideIt() throws {
        let parts = try #require(URLParts(url: "http://127.0.0.1:9099/\u{301}v1?\u{301}k=v#\u{301}"))
        #expect(parts.host == "127.0.0.1")
        #expect(parts.port == 9099)
        #expect(parts.authority == "127.0.0.1:9099")
        #expect(parts.pathAndQuery == "/\u{301}v1?\u{301}k=v")
        let bracketed = try #require(URLParts(url: "http://[::1]:9099?\u{301}"))
        #expect(bracketed.host == "::1")
        #expect(bracketed.pathAndQuery == "/?\u{301}")
    }

    @Test(arguments: [
        "localhost:8080/v1",  // no scheme: the first ":" is not followed by "//"
        "a:b://example.com/",  // a scheme holds no ":"
        "://example.com/",  // an empty scheme
        "https://user@example.com/",  // user information
        "https:///v1",  // an empty host
        "https://example.com:0/",
        "https://example.com:65536/",
        "https://[::1/",
        "https://[::1]x/",  // only a port may follow the brackets
        "https://example.com:+443/",
        "https://example.com:٤٤٣/",  // digits, not ASCII ones
        "https://example.com:000443/",  // more than five digits
        "https://example.com:/",  // an empty port
        "h\u{301}ttp://example.com/",  // a scheme is ASCII letters, digits, "+", "-" and "."
    ])
    func refusesWhatIsNotAnAbsoluteURLWithAUsableHost(url: String) {
        #expect(URLParts(url: url) == nil)
    }
}
