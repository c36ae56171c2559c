import Foundation
import Testing
import FauthJSON

/// The production path over TLS: `fauth --endpoint https://localhost:PORT` against a TLS front (Python's ssl, with
/// a test CA made by the openssl CLI) before a real emulator.
@Suite struct TLSTests {
    /// A sandbox with an API key and no emulator, and the front's endpoint.
    private func sandbox(_ front: HarnessProcess) throws -> FauthSandbox {
        let sandbox = try FauthSandbox(emulator: nil)
        sandbox.environment["FAUTH_API_KEY"] = "AIza-test"
        sandbox.environment["FAUTH_ENDPOINT"] = front.url
        return sandbox
    }

    @Test func theWholeFlowOverTLSWithTheTestCA() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let ca = ["--ca-file", TLSHarness.caFile]
        let signup = try sandbox.run(["signup", "--json", "--email", "ada@example.com", "--password-stdin"] + ca, stdin: "secret-pass-1\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        let signin = try sandbox.run(["signin", "--json", "--email", "ada@example.com", "--password-stdin"] + ca, stdin: "secret-pass-1\n")
        #expect(signin.status == 0, "\(signin.stderr)")
        #expect(try sandbox.run(["token", "--force-refresh"] + ca).status == 0)
        #expect(try sandbox.run(["providers", "--json"] + ca).json.array?.first?["providerId"] == "password")
        let status = try sandbox.run(["status", "--json"] + ca)
        #expect(status.status == 0 && status.json["user"]?["email"] == "ada@example.com", "\(status.stderr)")
        let paths = front.requests.map { $0.split(separator: "?").first.map(String.init) ?? $0 }
        #expect(paths.contains("POST /v1/accounts:signUp") && paths.contains("POST /v1/accounts:signInWithPassword"))
        #expect(paths.contains("POST /v1/token") && paths.contains("POST /v1/accounts:lookup"))
        #expect(front.handshakes >= 5 && front.failedHandshakes.isEmpty)
        #expect(emulator.requestCount("accounts:signUp") == 1 && emulator.requestCount("token") == 1)
    }

    /// `SSL_CERT_FILE`, `CURL_CA_BUNDLE` and `SSL_CERT_DIR` each make the test CA trusted; without any, the
    /// system's authorities do not know it and the handshake fails.
    @Test(arguments: [("SSL_CERT_FILE", "ca.pem"), ("CURL_CA_BUNDLE", "ca.pem"), ("SSL_CERT_DIR", "ca-folder")])
    func theCAVariablesAreHonoured(variable: String, name: String) throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let untrusted = try sandbox.run(["signin", "--anonymous", "--json"])
        #expect(untrusted.status != 0 && front.failedHandshakes.count == 1 && front.requests.isEmpty)
        let trusted = try sandbox.run(["signin", "--anonymous", "--json"],
                                      environment: [variable: TLSHarness.certificates + "/" + name])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(front.handshakes == 2 && front.requests.count == 2)  // signUp, then lookup
    }

    @Test func aCAFileThatCannotBeReadIsAUsageError() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let missing = try sandbox.run(["signin", "--anonymous", "--json", "--ca-file", "/nonexistent/ca.pem"])
        expectFailure(missing, status: 2, code: "usage")
        #expect(missing.error["message"]?.string?.contains("--ca-file: '/nonexistent/ca.pem'") == true)
        let folderAsFile = try sandbox.run(["signin", "--anonymous", "--json"], environment: ["SSL_CERT_FILE": "/"])
        expectFailure(folderAsFile, status: 2, code: "usage")
        #expect(folderAsFile.error["message"]?.string?.hasPrefix("SSL_CERT_FILE: '/'") == true)
        #expect(front.events.isEmpty)
    }
}
