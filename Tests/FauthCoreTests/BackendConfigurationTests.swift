import FauthCore
import Testing

/// URL shapes, as the Firebase SDKs build them.
@Suite struct BackendConfigurationTests {
    @Test func productionURLs() {
        let configuration = BackendConfiguration(apiKey: "AIzaKey")
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
        let configuration = BackendConfiguration(
            apiKey: "AIzaKey", endpoint: "https://gateway.example.com:8443/firebase")
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
        let configuration = BackendConfiguration(apiKey: "any", emulatorHost: "127.0.0.1:9099")
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
            BackendConfiguration(apiKey: "k", emulatorHost: "localhost:9099").url(for: .secureToken, path: "token")
                == "http://localhost:9099/securetoken.googleapis.com/v1/token?key=k")
    }

    @Test(arguments: [
        ("::1:9099", "[::1]:9099"), ("[::1]:9099", "[::1]:9099"), ("fe80::1%25eth0:80", "[fe80::1%25eth0]:80"),
    ])
    func emulatorIPv6HostsAreBracketed(host: String, expected: String) {
        let configuration = BackendConfiguration(apiKey: "k", emulatorHost: host)
        #expect(
            configuration.url(for: .identityToolkitV1, path: "accounts:signUp")
                == "http://\(expected)/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k")
    }

    @Test func theKeyIsPercentEncoded() {
        let configuration = BackendConfiguration(apiKey: "a b+c&d=é/~_.-")
        #expect(
            configuration.url(for: .secureToken, path: "token")
                == "https://securetoken.googleapis.com/v1/token?key=a%20b%2Bc%26d%3D%C3%A9%2F~_.-")
    }

    @Test func theRedactedURLHidesTheKey() {
        let configuration = BackendConfiguration(apiKey: "secret-key", emulatorHost: "127.0.0.1:9099")
        #expect(
            configuration.redactedURL(for: .identityToolkitV1, path: "accounts:lookup")
                == "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:lookup?key=REDACTED")
    }

    @Test func theTenantAndDeadlineAreKept() {
        let configuration = BackendConfiguration(apiKey: "k", tenantId: "tenant-1", timeout: 5)
        #expect(configuration.tenantId == "tenant-1")
        #expect(configuration.timeout == 5)
        #expect(BackendConfiguration(apiKey: "k").timeout == BackendConfiguration.defaultTimeout)
    }
}
