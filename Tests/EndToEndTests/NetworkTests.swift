import FauthJSON
import Foundation
import Testing

/// What fauth says when the server cannot be reached or answers with a fault.
@Suite struct NetworkTests {
    @Test func anEmulatorThatIsDownIsARetryableNetworkError() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("down@example.com")
        let closedPort = try RunningEmulator()
        let host = closedPort.host
        closedPort.server.stop()
        try sandbox.rebindSession([
            "apiKey": .null, "emulatorHost": .string(host), "tenantId": .null, "projectId": "demo-fauth",
        ])
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(["providers", "--json", "--emulator", host])
            expectFailure(run, status: 10, code: "network-error")
            #expect(run.error["retryable"] == true)
            #expect(run.error["underlying"]?["domain"] == "curl")
        }
        let signin = try sandbox.run(
            ["signin", "--anonymous", "--json"], environment: ["FIREBASE_AUTH_EMULATOR_HOST": host])
        expectFailure(signin, status: 10, code: "network-error")
    }

    /// Every request goes through the system's libcurl, an emulator on this machine's too; a command that sends
    /// nothing (a cached `token`, `--version`) never loads it.
    @Test func requestsLoadLibcurlAndCommandsThatSendNothingDoNot() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("socket@example.com")
        // The dynamic loader lists every library it loads when LD_DEBUG=files is set.
        let local = try sandbox.run(["providers", "--json"], environment: ["LD_DEBUG": "files"])
        #expect(local.status == 0)
        #expect(local.stderr.contains("libcurl.so.4"), "the request did not go through libcurl")
        let cached = try sandbox.run(["token"], environment: ["LD_DEBUG": "files"])
        #expect(cached.status == 0)
        #expect(!cached.stderr.contains("libcurl"), "a cached token loaded libcurl")
        let version = try sandbox.run(["--version"], environment: ["LD_DEBUG": "files"])
        #expect(version.status == 0 && !version.stderr.contains("libcurl"), "--version loaded libcurl")
    }

    @Test func aServiceOutageIsRetryableAndChangesNothing() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("outage@example.com")
        emulator.inject(
            route: "accounts:lookup", times: 10,
            ["status": 503, "body": "<html>down</html>", "contentType": "text/html"])
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(["providers", "--json", "--timeout", "30"])
            expectFailure(run, status: 10, code: "service-unavailable")
            #expect(run.error["retryable"] == true)
        }
    }

    @Test func verboseTracesRequestsWithoutSecrets() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let run = try sandbox.run(
            ["signup", "-v", "--email", "trace@example.com", "--password-stdin", "--api-key", "AIzaSECRETKEY"],
            stdin: "secret-pass-1")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("accounts:signUp"))
        #expect(!run.stderr.contains("AIzaSECRETKEY"))
        #expect(!run.stderr.contains("secret-pass-1"))
        let refresh = sandbox.session()?["refreshToken"]?.string ?? "?"
        #expect(!run.stderr.contains(refresh) && !run.stdout.contains(refresh))
    }
}
