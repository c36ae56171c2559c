import FauthJSON
import Foundation
import Testing

/// `--endpoint` / `FAUTH_ENDPOINT`: production-shaped calls (`/v1/accounts:…`, `/v1/token`) to another base URL,
/// here the emulator itself, which serves Google's paths as it serves its prefixed ones.
@Suite struct EndpointTests {
    @Test func theWholeFlowGoesToTheEndpointAndTheSessionRemembersIt() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: nil)
        let endpoint = "http://\(emulator.host)/"
        sandbox.environment["FAUTH_API_KEY"] = "AIza-test"
        let signup = try sandbox.run(
            ["signup", "--json", "--endpoint", endpoint, "--email", "ada@example.com", "--password-stdin"],
            stdin: "secret-pass-1\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        #expect(sandbox.session()?["project"]?["endpoint"]?.string == "http://\(emulator.host)")
        #expect(sandbox.session()?["project"]?["emulatorHost"] == .null)
        sandbox.environment["FAUTH_API_KEY"] = nil
        // Later commands need no flag: the session remembers its endpoint (and its key).
        let signin = try sandbox.run(
            ["signin", "--json", "--email", "ada@example.com", "--password-stdin"], stdin: "secret-pass-1\n")
        #expect(signin.status == 0, "\(signin.stderr)")
        #expect(try sandbox.run(["token", "--force-refresh"]).status == 0)
        #expect(try sandbox.run(["providers", "--json"]).json.array?.first?["providerId"] == "password")
        let status = try sandbox.run(["status", "--json", "--verbose"])
        #expect(status.status == 0 && status.json["user"]?["email"] == "ada@example.com")
        #expect(status.stderr.contains("POST http://\(emulator.host)/v1/accounts:lookup?key=REDACTED"))
        #expect(emulator.requestCount("accounts:signUp") == 1 && emulator.requestCount("token") == 1)
        #expect(emulator.requestCount("accounts:signInWithPassword") == 1)
    }

    @Test func theVariableWorksAndConflictsAreUsageErrors() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: nil)
        let anonymous = try sandbox.run(
            ["signin", "--anonymous", "--json", "--api-key", "k"],
            environment: ["FAUTH_ENDPOINT": "http://\(emulator.host)"])
        #expect(anonymous.status == 0, "\(anonymous.stderr)")
        #expect(emulator.requestCount("accounts:signUp") == 1)
        let both = try sandbox.run([
            "providers", "--json", "--endpoint", "https://gw.example.com", "--emulator", emulator.host,
        ])
        expectFailure(both, status: 2, code: "usage")
        let plain = try sandbox.run(["providers", "--json", "--endpoint", "http://gw.example.com"])
        expectFailure(plain, status: 2, code: "usage")
        #expect(plain.error["message"]?.string?.contains("use https://") == true)
    }
}
