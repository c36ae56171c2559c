import Testing

@testable import FauthCore

/// A proxy URL's user and password never reach an error or a trace: libcurl quotes the URL as written when it
/// cannot use it, and the transport redacts what it says (`SecretRedaction.credentials(in:)`).
@Suite struct ProxyCredentialRedactionTests {
    /// libcurl 7.88's own words for each proxy, as `curl` prints them.
    @Test(arguments: [
        (
            "http://alice:s3cr3tPW@127.0.0.1:99999",
            "Unsupported proxy syntax in 'http://alice:s3cr3tPW@127.0.0.1:99999'",
            "Unsupported proxy syntax in 'http://REDACTED@127.0.0.1:99999'"
        ),
        (
            "bogus://alice:s3cr3tPW@x", "Unsupported proxy scheme for 'bogus://alice:s3cr3tPW@x'",
            "Unsupported proxy scheme for 'bogus://REDACTED@x'"
        ),
        (
            "http://alice:s3cr3tPW@[bad:1", "Unsupported proxy syntax in 'http://alice:s3cr3tPW@[bad:1'",
            "Unsupported proxy syntax in 'http://REDACTED@[bad:1'"
        ),
        (
            " http://alice:s3cr3tPW@127.0.0.1:1", "Unsupported proxy syntax in ' http://alice:s3cr3tPW@127.0.0.1:1'",
            "Unsupported proxy syntax in ' http://REDACTED@127.0.0.1:1'"
        ),
        (
            "alice:s3cr3tPW@127.0.0.1:99999", "Unsupported proxy syntax in 'alice:s3cr3tPW@127.0.0.1:99999'",
            "Unsupported proxy syntax in 'REDACTED@127.0.0.1:99999'"
        ),
        (
            "http://alice:p@ss@127.0.0.1:1", "Unsupported proxy syntax in 'http://alice:p@ss@127.0.0.1:1'",
            "Unsupported proxy syntax in 'http://REDACTED@127.0.0.1:1'"
        ),
    ])
    func libcurlsWordsLoseTheUserAndPassword(proxy: String, words: String, shown: String) {
        #expect(SecretRedaction(secrets: SecretRedaction.credentials(in: proxy)).redacted(words) == shown)
    }

    /// The user and the password are hidden on their own too, wherever they stand as whole words.
    @Test func eachHalfIsASecret() {
        let credentials = SecretRedaction.credentials(in: "socks5h://bob:hunter2@proxy.example:1080")
        #expect(Set(credentials) == ["bob:hunter2", "bob", "hunter2"])
        #expect(SecretRedaction.credentials(in: "http://proxy.example:3128").isEmpty)
    }

    /// Through real libcurl: a proxy it refuses leaves no trace of its password in the failure.
    @Test func theTransportsFailureCarriesNoCredential() throws {
        let transport = CurlTransport(proxies: ProxySettings(httpsProxy: "http://alice:s3cr3tPW@127.0.0.1:99999"))
        let request = TransportRequest(
            method: "GET", url: "https://auth.fauth-test.invalid:1/v1", headers: [], body: [],
            timeout: 5, trust: .system)
        let failure = #expect(throws: TransportFailure.self) { try transport.send(request) }
        let message = try #require(failure).message
        #expect(!message.contains("s3cr3tPW") && !message.contains("alice"), "\(message)")
    }
}
