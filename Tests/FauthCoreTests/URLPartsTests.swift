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

    @Test(arguments: [
        "localhost:8080/v1",  // no scheme: the first ":" is not followed by "//"
        "a:b://example.com/",  // a scheme holds no ":"
        "://example.com/",  // an empty scheme
        "https://user@example.com/",  // user information
        "https:///v1",  // an empty host
        "https://example.com:0/",
        "https://example.com:65536/",
        "https://[::1/",
    ])
    func refusesWhatIsNotAnAbsoluteURLWithAUsableHost(url: String) {
        #expect(URLParts(url: url) == nil)
    }
}
