import FauthJSON
import Foundation
import Testing

/// Every command, verbose, in text and JSON, succeeding and failing: no password and no refresh token in any byte
/// of output, the ID token only in `token`'s; and the files stay private whatever the umask.
@Suite struct SecretsTests {
    static let password = "pw-Alpha-7391-secret"
    static let linkedPassword = "pw-Linked-5528-secret"
    static let wrongPassword = "pw-Wrong-0042-secret"

    /// One step: its arguments, stdin, and whether it must succeed.
    struct Step {
        let arguments: [String]
        var stdin: String?
        var succeeds = true
        var fault: JSONObject?
    }

    static let steps: [Step] = [
        Step(arguments: ["signup", "--email", "leak@example.com", "--password-stdin"], stdin: password),
        Step(
            arguments: ["signup", "--email", "leak@example.com", "--password-stdin"], stdin: password, succeeds: false),
        Step(arguments: ["signin", "--email", "leak@example.com", "--password-stdin"], stdin: password),
        Step(
            arguments: ["signin", "--email", "leak@example.com", "--password-stdin"], stdin: wrongPassword,
            succeeds: false),
        Step(arguments: ["providers"]),
        Step(arguments: ["providers", "--email", "leak@example.com"]),
        Step(arguments: ["token"]),
        Step(arguments: ["token", "--force-refresh"]),
        Step(
            arguments: ["token", "--force-refresh"], succeeds: false,
            fault: ["status": 400, "body": #"{"error":{"code":400,"message":"SOMETHING_ODD"}}"#]),
        Step(arguments: ["status"]),
        Step(arguments: ["reauth", "--password-stdin"], stdin: password),
        Step(arguments: ["reauth", "--password-stdin"], stdin: wrongPassword, succeeds: false),
        Step(
            arguments: ["link", "--email", "other@example.com", "--password-stdin"], stdin: linkedPassword,
            succeeds: false),
        Step(arguments: ["unlink", "password"]),
        Step(arguments: ["link", "--email", "leak@example.com", "--password-stdin"], stdin: linkedPassword),
        Step(arguments: ["providers"], succeeds: false, fault: ["dropConnection": true]),
        Step(arguments: ["signout"]),
        Step(arguments: ["token"], succeeds: false),
        Step(arguments: ["signin", "--anonymous"]),
        Step(arguments: ["status"]),
        Step(arguments: ["signout"]),
    ]

    @Test(arguments: [false, true])
    func verboseRunsOfEveryCommandLeakNoSecret(json: Bool) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        var refreshTokens = Set<String>()
        var idTokens = Set<String>()
        var outputs: [(step: String, isToken: Bool, stdout: String, stderr: String)] = []
        for step in Self.steps {
            if let fault = step.fault { emulator.inject(route: "*", times: 5, fault) }
            let arguments = step.arguments + ["--verbose", "--timeout", "10"] + (json ? ["--json"] : [])
            let run = try sandbox.guardedRun(arguments, stdin: step.stdin)
            emulator.call("DELETE", "/emulator/v1/projects/\(emulator.projectId)/faults")
            let name = arguments.joined(separator: " ")
            #expect((run.status == 0) == step.succeeds, "\(name): exit \(run.status): \(run.stderr)")
            outputs.append((name, step.arguments[0] == "token" && run.status == 0, run.stdout, run.stderr))
            if let session = sandbox.session() {
                session["refreshToken"]?.string.map { _ = refreshTokens.insert($0) }
                session["idToken"]?.string.map { _ = idTokens.insert($0) }
            }
        }
        #expect(refreshTokens.count >= 2 && idTokens.count >= 2, "the tokens of both users were collected")
        var bytes = 0
        for output in outputs {
            bytes += output.stdout.utf8.count + output.stderr.utf8.count
            for secret in [Self.password, Self.linkedPassword, Self.wrongPassword] + refreshTokens {
                #expect(
                    !output.stdout.contains(secret) && !output.stderr.contains(secret),
                    "\(output.step) printed a secret")
            }
            for token in idTokens {
                #expect(!output.stderr.contains(token), "\(output.step) printed an ID token on stderr")
                #expect(output.isToken || !output.stdout.contains(token), "\(output.step) printed an ID token")
            }
        }
        print(
            "secrets (\(json ? "json" : "text")): \(outputs.count) runs, \(bytes) bytes of output searched for 3 passwords, "
                + "\(refreshTokens.count) refresh tokens and \(idTokens.count) ID tokens: no leak")
    }

    @Test func filesStayPrivateUnderUmask000AndALooseFileIsRefused() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let steps: [(arguments: [String], stdin: String?)] = [
            (["signup", "--email", "umask@example.com", "--password-stdin"], Self.password),
            (["token", "--force-refresh"], nil), (["unlink", "password"], nil),
            (["link", "--email", "umask@example.com", "--password-stdin"], Self.password),
            (["signin", "--anonymous", "--profile", "second"], nil),
        ]
        for (arguments, stdin) in steps {
            let run = try sandbox.guardedRun(arguments, stdin: stdin, umask: "000")
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            for profile in ["default", "second"] where sandbox.sessionBytes(profile: profile) != nil {
                #expect(sandbox.permissions(of: sandbox.sessionPath(profile: profile)) == 0o600)
                #expect(sandbox.permissions(of: sandbox.sessionPath(profile: profile) + ".lock") == 0o600)
            }
            for folder in ["state/fauth", "state/fauth/sessions"] {
                #expect(sandbox.permissions(of: sandbox.root.appendingPathComponent(folder).path) == 0o700, "\(folder)")
            }
        }
        for mode in [0o640, 0o620, 0o604] {
            chmod(sandbox.sessionPath(), mode_t(mode))
            let before = sandbox.sessionBytes()
            for command in [["token"], ["token", "--force-refresh"], ["providers"], ["status"]] {
                let run = try sandbox.guardedRun(command + ["--json"])
                expectFailure(run, status: 12, code: "session-store-error")
                #expect(run.error["message"]?.string?.contains("chmod 600") == true)
            }
            #expect(sandbox.sessionBytes() == before)
            #expect(sandbox.permissions(of: sandbox.sessionPath()) == mode, "fauth does not quietly fix the mode")
        }
    }
}
