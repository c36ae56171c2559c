import FauthJSON
import Foundation
import Testing

/// Where the API key, emulator and project come from: flag > environment > config file > the session's settings.
@Suite struct ConfigurationTests {
    @Test func aSessionRemembersItsEmulatorAndKeySoLaterCommandsNeedNoFlags() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: nil)
        let signup = try sandbox.run(
            [
                "signup", "--json", "--emulator", emulator.host, "--api-key", "key-1",
                "--email", "remember@example.com", "--password-stdin",
            ], stdin: "secret-pass-1")
        #expect(signup.status == 0, "\(signup.stderr)")
        #expect(sandbox.session()?["project"]?["emulatorHost"] == .string(emulator.host))
        #expect(sandbox.session()?["project"]?["apiKey"] == "key-1")
        let providers = try sandbox.run(["providers", "--json"])
        #expect(providers.status == 0, "\(providers.stderr)")
        #expect(emulator.requestCount("accounts:lookup") >= 2)
    }

    @Test(arguments: ["google-services.json", "GoogleService-Info.plist", "firebase-config.json"])
    func aConfigFileGivesTheKeyAndProject(file: String) throws {
        let emulator = try RunningEmulator(projectId: "demo-config")
        let sandbox = try FauthSandbox(emulator: emulator)
        let path = sandbox.root.appendingPathComponent(file)
        let content: String
        switch file {
        case "google-services.json":
            content =
                #"{"project_info": {"project_id": "demo-config"}, "client": [{"api_key": [{"current_key": "AIzaFromJSON"}]}]}"#
        case "GoogleService-Info.plist":
            content = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0"><dict><key>API_KEY</key><string>AIzaFromPlist</string>
                <key>PROJECT_ID</key><string>demo-config</string></dict></plist>
                """
        default:
            content =
                #"{"apiKey": "AIzaFromWeb", "projectId": "demo-config", "authDomain": "demo-config.firebaseapp.com"}"#
        }
        try Data(content.utf8).write(to: path)
        let run = try sandbox.run(["signin", "--anonymous", "--json", "--config", path.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(sandbox.session()?["project"]?["projectId"] == "demo-config")
        #expect(sandbox.session()?["project"]?["apiKey"]?.string?.hasPrefix("AIzaFrom") == true)
    }

    @Test func flagsBeatTheEnvironment() throws {
        let emulator = try RunningEmulator()
        let dead = try RunningEmulator()
        let deadHost = dead.host
        dead.server.stop()
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(
            ["signin", "--anonymous", "--json", "--emulator", emulator.host],
            environment: ["FIREBASE_AUTH_EMULATOR_HOST": deadHost])
        #expect(run.status == 0, "\(run.stderr)")
        let fromEnvironment = try sandbox.run(
            ["signin", "--anonymous", "--json"], environment: ["FIREBASE_AUTH_EMULATOR_HOST": deadHost])
        expectFailure(fromEnvironment, status: 10, code: "network-error")
    }

    /// docs/design/session.md: flags choose the backend for signin; the profile's old session lends its key and tenant
    /// to its own backend only, so a sign-in at another one sends neither.
    @Test func aSignInAtAnotherBackendTakesNothingFromTheOldSession() throws {
        let first = try RunningEmulator()
        let second = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: nil)
        let old = try sandbox.run([
            "signin", "--anonymous", "--json", "--emulator", first.host, "--api-key", "key-1",
            "--tenant", "tA", "--profile", "ta",
        ])
        #expect(old.status == 0, "\(old.stderr)")
        #expect(sandbox.session(profile: "ta")?["project"]?["tenantId"] == "tA")
        let new = try sandbox.run(["signin", "--anonymous", "--json", "--emulator", second.host, "--profile", "ta"])
        #expect(new.status == 0, "\(new.stderr)")
        let project = sandbox.session(profile: "ta")?["project"]
        #expect(project?["emulatorHost"] == .string(second.host))
        #expect(
            project?["tenantId"] == nil || project?["tenantId"] == .null,
            "the old tenant went along: \(String(describing: project))")
        #expect(project?["apiKey"] != "key-1", "the old key went along")
        let endpoint = try sandbox.run([
            "providers", "--json", "--email", "a@example.com", "--profile", "ta",
            "--endpoint", "http://\(first.host)",
        ])
        expectFailure(endpoint, status: 2, code: "usage")  // no key of its own: the session's is not lent to it
        #expect(first.requestCount("accounts:createAuthUri") == 0)
    }

    @Test func badConfigurationIsAUsageError() throws {
        let sandbox = try FauthSandbox(emulator: nil)
        expectFailure(
            try sandbox.run(["signin", "--anonymous", "--json", "--config", "/nonexistent/config.json"]), status: 2,
            code: "usage")
        expectFailure(
            try sandbox.run(["signin", "--anonymous", "--json", "--emulator", "no-port"]), status: 2, code: "usage")
        expectFailure(
            try sandbox.run(["signin", "--anonymous", "--json", "--emulator", "127.0.0.1:1", "--timeout", "0"]),
            status: 2, code: "usage")
    }
}
