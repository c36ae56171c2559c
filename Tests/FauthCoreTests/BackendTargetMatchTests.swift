import FauthJSON
import Testing

@testable import FauthCore

/// The backend a session is bound to, and which configurations may use it (docs/design/session.md, "Which backend it
/// belongs to").
@Suite struct BackendTargetMatchTests {
    let emulatorSession = ProjectSettings(
        target: BackendTarget(server: .emulator("127.0.0.1:9099"), projectId: "demo", apiKey: "AIza-emulator-key"))

    /// What a command resolves to for `flags` and `environment`, with this session's settings as the fallback.
    func named(
        _ flags: ConfigurationInputs = ConfigurationInputs(), _ environment: [String: String] = [:],
        session: ProjectSettings
    ) throws -> BackendTarget {
        try ConfigurationResolver.resolve(flags: flags, environment: environment, session: session).target
    }

    @Test func aCommandThatNamesNothingInheritsTheSessionsBackend() throws {
        let own = emulatorSession.target
        #expect(own.accepts(try named(session: emulatorSession)))
        #expect(own.accepts(try named(ConfigurationInputs(emulatorHost: "127.0.0.1:9099"), session: emulatorSession)))
        let localhost = ProjectSettings(target: BackendTarget(server: .emulator("localhost:9099")))
        #expect(
            localhost.target.accepts(
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
        #expect(!emulatorSession.target.accepts(try named(flags, environment, session: emulatorSession)))
    }

    @Test func aGoogleSessionRefusesAnyEmulator() throws {
        let google = ProjectSettings(target: BackendTarget(projectId: "prod", apiKey: "AIza-real-key"))
        #expect(google.target.server == .google)
        #expect(google.target.accepts(try named(session: google)))
        let emulator = try named(
            ConfigurationInputs(), ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"], session: google)
        #expect(!google.target.accepts(emulator))
    }

    @Test func aSessionMadeWithoutAKeyOnAnEmulatorTakesAnyKeyButNotAnotherProject() throws {
        let keyless = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(emulatorHost: "127.0.0.1:9099"), environment: [:], session: nil
        ).project
        #expect(keyless.target.apiKey == nil)
        #expect(keyless.target.accepts(try named(ConfigurationInputs(apiKey: "AIza-any"), session: keyless)))
        var demo = keyless.target
        demo.projectId = "demo"
        #expect(!demo.accepts(BackendTarget(server: .emulator("127.0.0.1:9099"), projectId: "other")))
        #expect(demo.accepts(BackendTarget(server: .emulator("127.0.0.1:9099"), projectId: nil)))
    }

    @Test func theMismatchNamesBothBackendsAndNeverAToken() throws {
        let session = sampleSession()
        let configuration = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(emulatorHost: "127.0.0.1:9100"), environment: [:], session: session.project)
        let error = try #require(throws: FauthError.self) {
            try session.project.target.requireAccepts(configuration.target, sessionAt: "/s/default.json")
        }
        #expect(error.code == .sessionBackendMismatch && error.exitStatus == 11)
        #expect(
            error.message.contains("the emulator at 127.0.0.1:9099")
                && error.message.contains("the emulator at 127.0.0.1:9100"))
        #expect(error.message.contains("/s/default.json") && error.inputProblem == .sessionOfAnotherBackend)
        for secret in [session.idToken, session.refreshToken, "AIza-test"] {
            #expect(!error.message.contains(secret))
        }
        try session.project.target.requireAccepts(
            try ConfigurationResolver.resolve(flags: ConfigurationInputs(), environment: [:], session: session.project)
                .target,
            sessionAt: "/s/default.json")
    }

    @Test func anEndpointSessionAcceptsOnlyItsOwnEndpoint() throws {
        let gateway = ProjectSettings(
            target: BackendTarget(
                server: .endpoint("https://gateway.example.com"), projectId: "prod", apiKey: "AIza-real-key"))
        #expect(gateway.target.accepts(try named(session: gateway)))
        // The other endpoint needs a key of its own: the session's is not lent to another server.
        let other = try named(
            ConfigurationInputs(apiKey: "AIza-real-key", endpoint: "https://other.example.com"), session: gateway)
        #expect(!gateway.target.accepts(other))
        #expect(!BackendTarget(projectId: "prod", apiKey: "AIza-real-key").accepts(gateway.target))
    }

    /// An endpoint written another way is the same server: the scheme's and host's case, the default port, a final
    /// slash; another port, scheme or path is not.
    @Test(arguments: [
        ("HTTPS://Gateway.Example.com", true), ("https://gateway.example.com:443/", true),
        ("https://gateway.example.com:8443", false), ("http://gateway.example.com", false),
        ("https://gateway.example.com/other", false),
    ])
    func anEndpointIsComparedAsAURL(written: String, same: Bool) throws {
        let gateway = BackendTarget(
            server: .endpoint("https://gateway.example.com"), projectId: "prod", apiKey: "AIza-real-key")
        let named = BackendTarget(server: .endpoint(written), projectId: "prod", apiKey: "AIza-real-key")
        #expect(gateway.accepts(named) == same)
    }

    @Test func itsDescriptionShowsTheKeyByItsEndOnly() {
        #expect(
            emulatorSession.target.description
                == "the emulator at 127.0.0.1:9099 (project demo, API key …-key, no tenant)")
    }
}
