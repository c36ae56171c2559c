import FauthCore
import Testing

/// The URLs a backend target's calls go to, as the Firebase SDKs build them.
@Suite struct BackendTargetURLTests {
    @Test func productionURLs() {
        let configuration = BackendTarget(apiKey: "AIzaKey")
        #expect(
            configuration.url(for: .identityToolkitV1, path: "accounts:signUp")
                == "https://identitytoolkit.googleapis.com/v1/accounts:signUp?key=AIzaKey")
        #expect(
            configuration.url(for: .identityToolkitV2, path: "accounts/mfaSignIn:start")
                == "https://identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start?key=AIzaKey")
        #expect(
            configuration.url(for: .secureToken, path: "token")
                == "https://securetoken.googleapis.com/v1/token?key=AIzaKey")
    }

    /// One override serves both production services: their paths (`/v1/token` against `/v1/accounts…`, `/v2/…`)
    /// never collide, so a gateway or regional endpoint can take both.
    @Test func endpointOverrideURLs() {
        let configuration = BackendTarget(
            server: .endpoint("https://gateway.example.com:8443/firebase"), apiKey: "AIzaKey")
        #expect(
            configuration.url(for: .identityToolkitV1, path: "accounts:signUp")
                == "https://gateway.example.com:8443/firebase/v1/accounts:signUp?key=AIzaKey")
        #expect(
            configuration.url(for: .identityToolkitV2, path: "accounts/mfaSignIn:start")
                == "https://gateway.example.com:8443/firebase/v2/accounts/mfaSignIn:start?key=AIzaKey")
        #expect(
            configuration.url(for: .secureToken, path: "token")
                == "https://gateway.example.com:8443/firebase/v1/token?key=AIzaKey")
        #expect(
            configuration.redactedURL(for: .secureToken, path: "token")
                == "https://gateway.example.com:8443/firebase/v1/token?key=REDACTED")
    }

    @Test func emulatorURLs() {
        let configuration = BackendTarget(server: .emulator("127.0.0.1:9099"), apiKey: "any")
        #expect(
            configuration.url(for: .identityToolkitV1, path: "accounts:lookup")
                == "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:lookup?key=any")
        #expect(
            configuration.url(for: .identityToolkitV2, path: "accounts/mfaEnrollment:start")
                == "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start?key=any")
        #expect(
            configuration.url(for: .secureToken, path: "token")
                == "http://127.0.0.1:9099/securetoken.googleapis.com/v1/token?key=any")
        #expect(
            BackendTarget(server: .emulator("localhost:9099"), apiKey: "k").url(for: .secureToken, path: "token")
                == "http://localhost:9099/securetoken.googleapis.com/v1/token?key=k")
    }

    @Test(arguments: [
        ("::1:9099", "[::1]:9099"), ("[::1]:9099", "[::1]:9099"), ("fe80::1%25eth0:80", "[fe80::1%25eth0]:80"),
    ])
    func emulatorIPv6HostsAreBracketed(host: String, expected: String) {
        let configuration = BackendTarget(server: .emulator(host), apiKey: "k")
        #expect(
            configuration.url(for: .identityToolkitV1, path: "accounts:signUp")
                == "http://\(expected)/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k")
    }

    @Test func theKeyIsPercentEncoded() {
        let configuration = BackendTarget(apiKey: "a b+c&d=é/~_.-")
        #expect(
            configuration.url(for: .secureToken, path: "token")
                == "https://securetoken.googleapis.com/v1/token?key=a%20b%2Bc%26d%3D%C3%A9%2F~_.-")
    }

    @Test func theRedactedURLHidesTheKey() {
        let configuration = BackendTarget(server: .emulator("127.0.0.1:9099"), apiKey: "secret-key")
        #expect(
            configuration.redactedURL(for: .identityToolkitV1, path: "accounts:lookup")
                == "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:lookup?key=REDACTED")
    }

    /// An emulator used without a key is sent the placeholder key, which the target itself never holds.
    @Test func anEmulatorWithoutAKeyIsSentThePlaceholder() {
        let target = BackendTarget(server: .emulator("127.0.0.1:9099"))
        #expect(
            target.url(for: .secureToken, path: "token")
                == "http://127.0.0.1:9099/securetoken.googleapis.com/v1/token?key=fauth-emulator-placeholder-key")
        #expect(
            BackendTarget(server: .emulator("127.0.0.1:9099"), apiKey: BackendTarget.emulatorPlaceholderAPIKey)
                == target)
    }

    /// Google's hosts other than the APIs' are the emulator's stand-ins on an emulator, and stay Google's through an
    /// endpoint override.
    @Test func otherGoogleHostsOnEachServer() {
        #expect(BackendTarget.Server.google.hostBase("www.googleapis.com") == "https://www.googleapis.com")
        #expect(
            BackendTarget.Server.endpoint("https://gateway.example.com").hostBase("www.googleapis.com")
                == "https://www.googleapis.com")
        #expect(
            BackendTarget.Server.emulator("::1:9099").hostBase("oauth2.googleapis.com")
                == "http://[::1]:9099/oauth2.googleapis.com")
    }
}
