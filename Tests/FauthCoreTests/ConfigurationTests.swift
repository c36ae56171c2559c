import Foundation
import Testing

@testable import FauthCore

private let servicePlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>CLIENT_ID</key><string>123-abc.apps.googleusercontent.com</string>
        <key>API_KEY</key><string>AIza-plist&amp;key</string>
        <key>GCM_SENDER_ID</key><string>123</string>
        <key>PLIST_VERSION</key><string>1</string>
        <key>PROJECT_ID</key><string>plist-project</string>
        <key>IS_SIGNIN_ENABLED</key><true/>
    </dict>
    </plist>
    """

private let googleServicesJSON = """
    {"project_info":{"project_number":"123","project_id":"android-project","storage_bucket":"x.appspot.com"},
     "client":[{"client_info":{"mobilesdk_app_id":"1:123:android:abc"},
                "api_key":[{"current_key":"AIza-android"}]},
               {"api_key":[{"current_key":"AIza-second"}]}],
     "configuration_version":"1"}
    """

// MARK: Config files

@Test func readsGoogleServiceInfoPlist() throws {
    let folder = TemporaryFolder()
    let path = folder.write("GoogleService-Info.plist", servicePlist)
    #expect(
        try FirebaseConfigFile.read(path: path)
            == FirebaseConfigFile(apiKey: "AIza-plist&key", projectId: "plist-project"))
}

@Test func readsABinaryPlist() throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    let data = try encoder.encode(["API_KEY": "AIza-binary", "PROJECT_ID": "binary-project"])
    #expect(
        try FirebaseConfigFile.parse(Array(data), path: "x.plist")
            == FirebaseConfigFile(apiKey: "AIza-binary", projectId: "binary-project"))
}

@Test func readsGoogleServicesJSON() throws {
    let folder = TemporaryFolder()
    let path = folder.write("google-services.json", googleServicesJSON)
    #expect(
        try FirebaseConfigFile.read(path: path)
            == FirebaseConfigFile(apiKey: "AIza-android", projectId: "android-project"))
}

@Test(arguments: [
    #"{"apiKey":"AIza-web","authDomain":"web.firebaseapp.com","projectId":"web-project","appId":"1:2:web:3"}"#,
    #"{"firebaseConfig":{"apiKey":"AIza-web","projectId":"web-project"}}"#,
    #"{"config":{"apiKey":"AIza-web","projectId":"web-project"},"other":1}"#,
    "\u{FEFF}\n  {\"apiKey\":\"AIza-web\",\"projectId\":\"web-project\"}",
])
func readsWebConfigJSON(text: String) throws {
    #expect(
        try FirebaseConfigFile.parse(Array(text.utf8), path: "web.json")
            == FirebaseConfigFile(apiKey: "AIza-web", projectId: "web-project"))
}

@Test func aWebConfigWithoutProjectIdIsFine() throws {
    #expect(
        try FirebaseConfigFile.parse(Array(#"{"apiKey":"k"}"#.utf8), path: "w.json") == FirebaseConfigFile(apiKey: "k"))
}

@Test(arguments: [
    ("", "is not a GoogleService-Info.plist, google-services.json or web config JSON"),
    ("const firebaseConfig = {apiKey: 'x'}", "is not a GoogleService-Info.plist"),
    ("{\"apiKey\": ", "is not valid JSON"),
    ("{\"projectId\":\"p\"}", "has no API key"),
    ("{\"apiKey\":\"\"}", "has no API key"),
    ("{\"apiKey\":5}", "has no API key"),
    ("{\"project_info\":{\"project_id\":\"p\"},\"client\":[]}", "has no API key"),
    ("<plist><dict><key>API_KEY</key>", "is not a valid property list"),
    ("<plist version=\"1.0\"><dict><key>PROJECT_ID</key><string>p</string></dict></plist>", "has no API key"),
])
func invalidConfigFilesAreUsageErrorsNamingThePath(content: String, problem: String) {
    let error = fauthError { _ = try FirebaseConfigFile.parse(Array(content.utf8), path: "/cfg/x") }
    #expect(error?.code == .usage)
    #expect(error?.message.hasPrefix("The config file /cfg/x \(problem)") == true)
}

@Test func aMissingConfigFileIsAUsageErrorNamingThePath() {
    let error = fauthError { _ = try FirebaseConfigFile.read(path: "/nonexistent/GoogleService-Info.plist") }
    #expect(error?.code == .usage)
    #expect(
        error?.message
            == "The config file '/nonexistent/GoogleService-Info.plist' could not be read (open: No such file or directory)."
    )
}

// MARK: Precedence

private let session = ProjectSettings(
    target: BackendTarget(
        server: .emulator("session-host:1"), projectId: "session-project", apiKey: "session-key",
        tenantId: "session-tenant"))

/// The configuration a command resolves to, from the parts the tests state.
private func configuration(
    _ server: BackendTarget.Server, apiKey: String?, tenantId: String? = nil, projectId: String? = nil,
    timeout: Double = CallOptions.defaultTimeout
) -> ResolvedConfiguration {
    ResolvedConfiguration(
        project: ProjectSettings(
            target: BackendTarget(server: server, projectId: projectId, apiKey: apiKey, tenantId: tenantId)),
        options: CallOptions(timeout: timeout))
}

@Test func theFlagWinsOverEverything() throws {
    let folder = TemporaryFolder()
    let config = folder.write("web.json", #"{"apiKey":"config-key","projectId":"config-project"}"#)
    let resolved = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(
            apiKey: "flag-key", emulatorHost: "flag-host:2", tenantId: "flag-tenant", configFile: config, timeout: 5),
        environment: [
            "FAUTH_API_KEY": "env-key", "FIREBASE_AUTH_EMULATOR_HOST": "env-host:3", "FAUTH_TENANT": "env-tenant",
            "FAUTH_TIMEOUT": "7",
        ],
        session: session)
    #expect(
        resolved
            == configuration(
                .emulator("flag-host:2"), apiKey: "flag-key", tenantId: "flag-tenant", projectId: "config-project",
                timeout: 5))
}

@Test func theEnvironmentWinsOverConfigFileAndSession() throws {
    let folder = TemporaryFolder()
    let config = folder.write("web.json", #"{"apiKey":"config-key"}"#)
    let resolved = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(),
        environment: [
            "FAUTH_API_KEY": "env-key", "FIREBASE_AUTH_EMULATOR_HOST": "env-host:3", "FAUTH_TENANT": "env-tenant",
            "FAUTH_TIMEOUT": "7.5", "FAUTH_CONFIG": config,
        ],
        session: session)
    // The session's project is its own backend's, not env-host:3's.
    #expect(
        resolved
            == configuration(
                .emulator("env-host:3"), apiKey: "env-key", tenantId: "env-tenant", projectId: nil, timeout: 7.5))
}

/// docs/design/session.md: flags, environment and config file choose the backend; the session's key, tenant and project
/// fill in for its own server only, never for one the command names instead.
@Test func theSessionFillsInNothingForAnotherServer() throws {
    let emulator = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(emulatorHost: "other-host:2"), environment: [:], session: session)
    #expect(emulator == configuration(.emulator("other-host:2"), apiKey: nil))
    let endpoint = ProjectSettings(
        target: BackendTarget(server: .endpoint("https://a.example"), apiKey: "session-key", tenantId: "session-tenant")
    )
    let error = fauthError {
        _ = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(endpoint: "https://b.example"),
            environment: [:], session: endpoint)
    }
    #expect(
        error?.code == .usage && error?.message.contains("API key") == true,
        "no key of its own: \(String(describing: error))")
    let google = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(apiKey: "k"), environment: ["FAUTH_ENDPOINT": "https://b.example"],
        session: ProjectSettings(target: BackendTarget(apiKey: "session-key", tenantId: "session-tenant")))
    #expect(google.target.tenantId == nil)
}

/// The session's own server named again (an emulator host in another case) still takes the session's settings.
@Test func theSessionFillsInForItsOwnServerNamedAgain() throws {
    let resolved = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(emulatorHost: "SESSION-HOST:1"), environment: [:], session: session)
    #expect(
        resolved.target.apiKey == "session-key" && resolved.target.tenantId == "session-tenant"
            && resolved.target.projectId == "session-project")
}

@Test func theConfigFileWinsOverTheSession() throws {
    let folder = TemporaryFolder()
    let config = folder.write("google-services.json", googleServicesJSON)
    let resolved = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(configFile: config), environment: [:], session: session)
    #expect(
        resolved
            == configuration(
                .emulator("session-host:1"), apiKey: "AIza-android", tenantId: "session-tenant",
                projectId: "android-project"))
}

@Test func theConfigFlagWinsOverTheConfigVariable() throws {
    let folder = TemporaryFolder()
    let flagConfig = folder.write("a.json", #"{"apiKey":"from-flag-file"}"#)
    let resolved = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(configFile: flagConfig), environment: ["FAUTH_CONFIG": "/nonexistent.json"],
        session: nil)
    #expect(resolved.target.apiKey == "from-flag-file")
}

@Test func theSessionFillsWhatNothingElseGives() throws {
    let resolved = try ConfigurationResolver.resolve(flags: ConfigurationInputs(), environment: [:], session: session)
    #expect(
        resolved
            == configuration(
                .emulator("session-host:1"), apiKey: "session-key", tenantId: "session-tenant",
                projectId: "session-project"))
    #expect(resolved.project == session)
}

@Test func emptyEnvironmentValuesCountAsUnset() throws {
    let resolved = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(),
        environment: [
            "FAUTH_API_KEY": "", "FIREBASE_AUTH_EMULATOR_HOST": "", "FAUTH_TENANT": "", "FAUTH_CONFIG": "",
            "FAUTH_TIMEOUT": "",
        ],
        session: session)
    #expect(resolved.target.apiKey == "session-key")
    #expect(resolved.target.server == .emulator("session-host:1"))
}

@Test func anEmulatorWithoutAKeyNeedsNone() throws {
    let resolved = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(), environment: ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"], session: nil)
    #expect(resolved == configuration(.emulator("127.0.0.1:9099"), apiKey: nil))
    #expect(resolved.target.url(for: .secureToken, path: "token").hasSuffix("?key=fauth-emulator-placeholder-key"))
}

@Test func noKeyAndNoEmulatorIsAUsageError() {
    let error = fauthError {
        _ = try ConfigurationResolver.resolve(flags: ConfigurationInputs(tenantId: "t"), environment: [:], session: nil)
    }
    #expect(error?.code == .usage && error?.inputProblem == .noAPIKey)
    #expect(error?.message == "No API key: give apiKey, set FAUTH_API_KEY or give configFile.")
}

@Test func anUnreadableConfigFileIsAUsageError() {
    let error = fauthError {
        _ = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(apiKey: "k"), environment: ["FAUTH_CONFIG": "/nonexistent/c.json"], session: nil)
    }
    #expect(error?.code == .usage)
    #expect(error?.message.contains("/nonexistent/c.json") == true)
}

@Test(arguments: [ConfigurationInput.apiKey, .emulatorHost, .tenantId, .configFile, .endpoint])
func emptyInputValuesAreUsageErrors(input: ConfigurationInput) {
    var inputs = ConfigurationInputs(apiKey: "k")
    switch input {
    case .apiKey: inputs.apiKey = ""
    case .emulatorHost: inputs.emulatorHost = ""
    case .tenantId: inputs.tenantId = ""
    case .endpoint: inputs.endpoint = ""
    default: inputs.configFile = ""
    }
    let error = fauthError { _ = try ConfigurationResolver.resolve(flags: inputs, environment: [:], session: nil) }
    #expect(error?.code == .usage && error?.inputProblem == .empty(input))
    #expect(error?.message == "\(input.rawValue) needs a non-empty value.")
}

// MARK: Emulator host and timeout values

@Test(arguments: [
    "127.0.0.1:9099", "localhost:9099", "[::1]:9099", "[fe80::1]:1", "auth-emu.internal:65535", "host_1:80",
])
func validEmulatorHosts(host: String) throws {
    #expect(EmulatorHost.isValid(host))
    let resolved = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(emulatorHost: host), environment: [:], session: nil)
    #expect(resolved.target.server == .emulator(host))
}

@Test(arguments: [
    "localhost", "http://localhost:9099", ":9099", "host:0", "host:65536", "host:", "[::1]", "::1:9099", "host:99a",
    "host:9099/path", "[::1:9099", "[]:9099", "[zz::1]:9099", "ho st:1", "host:+80", "host:١٢",
])
func invalidEmulatorHostsAreUsageErrors(host: String) {
    #expect(!EmulatorHost.isValid(host))
    let fromFlag = fauthError {
        _ = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(emulatorHost: host), environment: [:], session: nil)
    }
    #expect(fromFlag?.code == .usage)
    #expect(
        fromFlag?.inputProblem
            == .invalid(.emulatorHost, reason: "'\(host)' is not HOST:PORT (e.g. 127.0.0.1:9099 or [::1]:9099)"))
    let fromEnvironment = fauthError {
        _ = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(), environment: ["FIREBASE_AUTH_EMULATOR_HOST": host], session: nil)
    }
    #expect(
        fromEnvironment?.message.hasPrefix("FIREBASE_AUTH_EMULATOR_HOST: ") == true
            && fromEnvironment?.inputProblem == nil)
}

@Test(arguments: ["abc", "0", "-1", "inf", "nan", "1e3", " 5", "0x10"])
func invalidTimeoutVariablesAreUsageErrors(text: String) {
    let error = fauthError {
        _ = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(apiKey: "k"), environment: ["FAUTH_TIMEOUT": text], session: nil)
    }
    #expect(error?.code == .usage)
    #expect(error?.message.hasPrefix("FAUTH_TIMEOUT: ") == true)
}

@Test(arguments: [0.0, -3.0, Double.infinity, Double.nan])
func invalidTimeoutFlagsAreUsageErrors(seconds: Double) {
    let error = fauthError {
        _ = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(apiKey: "k", timeout: seconds), environment: [:], session: nil)
    }
    #expect(error?.code == .usage)
    if case .invalid(.timeout, let reason)? = error?.inputProblem {
        #expect(reason.hasSuffix("is not a number of seconds above 0"))
    } else {
        Issue.record("no timeout input problem in \(String(describing: error))")
    }
}

// MARK: Production endpoint override

@Test func theEndpointComesFromTheFlagThenTheEnvironmentThenTheSession() throws {
    let flag = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(apiKey: "k", endpoint: "https://flag.example.com/"),
        environment: ["FAUTH_ENDPOINT": "https://env.example.com"], session: nil)
    #expect(flag.target.server == .endpoint("https://flag.example.com"))
    let variable = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(apiKey: "k"), environment: ["FAUTH_ENDPOINT": "https://env.example.com"],
        session: nil)
    #expect(variable.target.server == .endpoint("https://env.example.com"))
    let stored = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(), environment: [:],
        session: ProjectSettings(target: BackendTarget(server: .endpoint("https://stored.example.com"), apiKey: "k")))
    #expect(stored.target.server == .endpoint("https://stored.example.com"))
    #expect(
        try ConfigurationResolver.resolve(flags: ConfigurationInputs(apiKey: "k"), environment: [:], session: nil)
            .target.server == .google)
}

/// An emulator and an endpoint are two backends: the higher level wins, and one level naming both is refused.
@Test func theEmulatorAndTheEndpointAreTwoBackends() throws {
    let flagWins = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(endpoint: "https://gw.example.com"),
        environment: ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099", "FAUTH_API_KEY": "k"], session: nil)
    #expect(flagWins.target.server == .endpoint("https://gw.example.com"))
    let emulatorFlagWins = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(emulatorHost: "127.0.0.1:9099"),
        environment: ["FAUTH_ENDPOINT": "https://gw.example.com"],
        session: nil)
    #expect(emulatorFlagWins.target.server == .emulator("127.0.0.1:9099"))
    for (flags, environment) in [
        (
            ConfigurationInputs(apiKey: "k", emulatorHost: "127.0.0.1:9099", endpoint: "https://gw.example.com"),
            [String: String]()
        ),
        (
            ConfigurationInputs(apiKey: "k"),
            ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099", "FAUTH_ENDPOINT": "https://gw.example.com"]
        ),
    ] {
        let error = try #require(
            fauthError { _ = try ConfigurationResolver.resolve(flags: flags, environment: environment, session: nil) })
        #expect(error.code == .usage && error.message.contains("name two backends"))
        #expect(error.inputProblem == (environment.isEmpty ? .twoBackends(.emulatorHost, .endpoint) : nil))
    }
}

@Test(arguments: [
    "https://identitytoolkit.googleapis.com", "https://eu.gateway.example.com:8443/auth/", "HTTPS://[2001:db8::1]:443",
    "http://127.0.0.1:9099", "http://localhost:9099/", "http://[::1]:1",
])
func endpointsThatAreAccepted(url: String) throws {
    let resolved = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(apiKey: "k", endpoint: url), environment: [:], session: nil)
    #expect(resolved.target.server.endpoint.map { !$0.hasSuffix("/") } == true)
}

@Test(arguments: [
    "gateway.example.com", "ftp://example.com", "http://example.com", "http://10.0.0.1:8080", "https://",
    "https://:443",
    "https://user@example.com", "https://example.com/?x=1", "https://example.com/#f", "https://example.com:0",
    "https://example.com:99999", "https://exa mple.com", "https://bücher.example",
])
func endpointsThatAreRefused(url: String) throws {
    let error = try #require(
        fauthError {
            _ = try ConfigurationResolver.resolve(
                flags: ConfigurationInputs(apiKey: "k", endpoint: url), environment: [:], session: nil)
        })
    #expect(error.code == .usage && error.message.hasPrefix("endpoint: '\(url)'"))
    guard case .invalid(.endpoint, let reason)? = error.inputProblem else {
        Issue.record("no endpoint input problem in \(error)")
        return
    }
    #expect(reason.hasPrefix("'\(url)'"))
    let fromEnvironment = try #require(
        fauthError {
            _ = try ConfigurationResolver.resolve(
                flags: ConfigurationInputs(apiKey: "k"), environment: ["FAUTH_ENDPOINT": url], session: nil)
        })
    #expect(fromEnvironment.message.hasPrefix("FAUTH_ENDPOINT: '\(url)'"))
}

// MARK: Certificate authorities

/// The CA file input > `CURL_CA_BUNDLE` > `SSL_CERT_FILE`, and `SSL_CERT_DIR` beside a variable's file, as curl has it.
@Test func theCASettingsFollowCurlsOrder() throws {
    let folder = TemporaryFolder()
    let flagFile = folder.write("flag.pem", "x")
    let bundle = folder.write("bundle.pem", "x")
    let certFile = folder.write("cert.pem", "x")
    let directory = (flagFile as NSString).deletingLastPathComponent
    let all = ["CURL_CA_BUNDLE": bundle, "SSL_CERT_FILE": certFile, "SSL_CERT_DIR": directory]
    #expect(
        try CertificateAuthorities.resolve(caFileFlag: flagFile, environment: all)
            == TrustedCertificates(caFile: flagFile))
    #expect(
        try CertificateAuthorities.resolve(caFileFlag: nil, environment: all)
            == TrustedCertificates(caFile: bundle, caDirectory: directory))
    #expect(
        try CertificateAuthorities.resolve(
            caFileFlag: nil, environment: ["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": certFile])
            == TrustedCertificates(caFile: certFile))
    #expect(
        try CertificateAuthorities.resolve(caFileFlag: nil, environment: ["SSL_CERT_DIR": directory])
            == TrustedCertificates(caDirectory: directory))
    #expect(try CertificateAuthorities.resolve(caFileFlag: nil, environment: [:]) == .system)
    let resolved = try ConfigurationResolver.resolve(
        flags: ConfigurationInputs(apiKey: "k", caFile: flagFile), environment: [:], session: nil)
    #expect(resolved.options.trust == TrustedCertificates(caFile: flagFile))
    let notAFolder = try #require(
        fauthError { _ = try CertificateAuthorities.resolve(caFileFlag: nil, environment: ["SSL_CERT_DIR": bundle]) })
    #expect(notAFolder.code == .usage && notAFolder.message.hasPrefix("SSL_CERT_DIR: '\(bundle)'"))
}
