import FauthJSON
import Testing

@testable import FauthCore

/// The backend a session is bound to, and which configurations may use it (docs/design/session.md, "Which backend it
/// belongs to").
@Suite struct BackendIdentityTests {
    let emulatorSession = ProjectSettings(
        apiKey: "AIza-emulator-key", emulatorHost: "127.0.0.1:9099", projectId: "demo")

    /// What a command resolves to for `flags` and `environment`, with this session's settings as the fallback.
    func named(
        _ flags: ConfigurationInputs = ConfigurationInputs(), _ environment: [String: String] = [:],
        session: ProjectSettings
    ) throws -> BackendIdentity {
        BackendIdentity(try ConfigurationResolver.resolve(flags: flags, environment: environment, session: session))
    }

    @Test func aCommandThatNamesNothingInheritsTheSessionsBackend() throws {
        let own = BackendIdentity(emulatorSession)
        #expect(own.accepts(try named(session: emulatorSession)))
        #expect(own.accepts(try named(ConfigurationInputs(emulatorHost: "127.0.0.1:9099"), session: emulatorSession)))
        let localhost = ProjectSettings(emulatorHost: "localhost:9099")
        #expect(
            BackendIdentity(localhost).accepts(
                try named(ConfigurationInputs(emulatorHost: "LOCALHOST:9099"), session: localhost)))
    }

    @Test(arguments: [
        (ConfigurationInputs(emulatorHost: "127.0.0.1:9100"), [String: String]()),
        (ConfigurationInputs(), ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9100"]),
        (ConfigurationInputs(apiKey: "AIza-other-key"), [:]),
        (ConfigurationInputs(), ["FAUTH_API_KEY": "AIza-other-key"]),
        (ConfigurationInputs(tenantId: "tenant-2"), [:]),
    ])
    func anotherServerKeyOrTenantIsRefused(flags: ConfigurationInputs, environment: [String: String]) throws {
        #expect(!BackendIdentity(emulatorSession).accepts(try named(flags, environment, session: emulatorSession)))
    }

    @Test func aGoogleSessionRefusesAnyEmulator() throws {
        let google = ProjectSettings(apiKey: "AIza-real-key", projectId: "prod")
        #expect(BackendIdentity(google).server == .google)
        #expect(BackendIdentity(google).accepts(try named(session: google)))
        let emulator = try named(
            ConfigurationInputs(), ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"], session: google)
        #expect(!BackendIdentity(google).accepts(emulator))
    }

    @Test func aSessionMadeWithoutAKeyOnAnEmulatorTakesAnyKeyButNotAnotherProject() throws {
        let keyless = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(emulatorHost: "127.0.0.1:9099"), environment: [:], session: nil
        ).projectSettings
        #expect(BackendIdentity(keyless).apiKey == nil)
        #expect(BackendIdentity(keyless).accepts(try named(ConfigurationInputs(apiKey: "AIza-any"), session: keyless)))
        var demo = keyless
        demo.projectId = "demo"
        #expect(
            !BackendIdentity(demo).accepts(BackendIdentity(server: .emulator("127.0.0.1:9099"), projectId: "other")))
        #expect(BackendIdentity(demo).accepts(BackendIdentity(server: .emulator("127.0.0.1:9099"), projectId: nil)))
    }

    @Test func theMismatchNamesBothBackendsAndNeverAToken() throws {
        let session = sampleSession()
        let configuration = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(emulatorHost: "127.0.0.1:9100"), environment: [:], session: session.project)
        let error = try #require(throws: FauthError.self) {
            try BackendIdentity.requireMatch(session.project, at: "/s/default.json", configuration: configuration)
        }
        #expect(error.code == .sessionBackendMismatch && error.exitStatus == 11)
        #expect(
            error.message.contains("the emulator at 127.0.0.1:9099")
                && error.message.contains("the emulator at 127.0.0.1:9100"))
        #expect(error.message.contains("/s/default.json") && error.inputProblem == .sessionOfAnotherBackend)
        for secret in [session.idToken, session.refreshToken, "AIza-test"] {
            #expect(!error.message.contains(secret))
        }
        try BackendIdentity.requireMatch(
            session.project, at: "/s/default.json",
            configuration: try ConfigurationResolver.resolve(
                flags: ConfigurationInputs(), environment: [:], session: session.project))
    }

    @Test func anEndpointSessionAcceptsOnlyItsOwnEndpoint() throws {
        let gateway = ProjectSettings(
            apiKey: "AIza-real-key", endpoint: "https://gateway.example.com", projectId: "prod")
        #expect(BackendIdentity(gateway).server == .endpoint("https://gateway.example.com"))
        #expect(BackendIdentity(gateway).accepts(try named(session: gateway)))
        // The other endpoint needs a key of its own: the session's is not lent to another server.
        let other = try named(
            ConfigurationInputs(apiKey: "AIza-real-key", endpoint: "https://other.example.com"), session: gateway)
        #expect(!BackendIdentity(gateway).accepts(other))
        #expect(
            !BackendIdentity(ProjectSettings(apiKey: "AIza-real-key", projectId: "prod")).accepts(
                BackendIdentity(gateway)))
    }

    /// An endpoint written another way is the same server: the scheme's and host's case, the default port, a final
    /// slash; another port, scheme or path is not.
    @Test(arguments: [
        ("HTTPS://Gateway.Example.com", true), ("https://gateway.example.com:443/", true),
        ("https://gateway.example.com:8443", false), ("http://gateway.example.com", false),
        ("https://gateway.example.com/other", false),
    ])
    func anEndpointIsComparedAsAURL(written: String, same: Bool) throws {
        let gateway = ProjectSettings(
            apiKey: "AIza-real-key", endpoint: "https://gateway.example.com", projectId: "prod")
        let named = BackendIdentity(ProjectSettings(apiKey: "AIza-real-key", endpoint: written, projectId: "prod"))
        #expect(BackendIdentity(gateway).accepts(named) == same)
    }

    @Test func itsDescriptionShowsTheKeyByItsEndOnly() {
        #expect(
            BackendIdentity(emulatorSession).description
                == "the emulator at 127.0.0.1:9099 (project demo, API key …-key, no tenant)")
    }
}
