import Testing

@testable import FauthCore

/// Which URLs bypass proxies: those whose host is this machine.
@Suite struct LoopbackURLTests {
    @Test(arguments: ["http://127.0.0.1:9099/x", "http://127.1.2.3/x", "http://localhost:9099/x?key=k", "http://LOCALHOST",
                      "http://app.localhost:80/", "http://[::1]:9099/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k"])
    func loopback(url: String) {
        #expect(LoopbackURL.isLoopback(url))
    }

    @Test(arguments: ["https://identitytoolkit.googleapis.com/v1/accounts:signUp?key=k", "http://10.0.0.1:9099/",
                      "http://127.0.0.1.example.com/", "http://localhost.example.com/", "http://[::2]:9099/", "127.0.0.1:9099",
                      "http://example.com/?next=http://127.0.0.1/"])
    func notLoopback(url: String) {
        #expect(!LoopbackURL.isLoopback(url))
    }
}
