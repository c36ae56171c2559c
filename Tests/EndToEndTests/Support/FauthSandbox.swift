import Foundation
import FauthJSON

/// What one run of the `fauth` binary produced.
struct FauthRun {
    let status: Int32
    let stdout: String
    let stderr: String

    /// stdout parsed as JSON (null if it is not JSON).
    var json: JSONValue { (try? JSONValue.parse(stdout)) ?? .null }
    /// The `error` object of a `--json` failure on stderr (null if there is none).
    var error: JSONValue { ((try? JSONValue.parse(stderr)) ?? .null)["error"] ?? .null }
    /// The error's code, if any.
    var errorCode: String? { error["code"]?.string }
}

/// A fresh HOME and XDG_STATE_HOME for one test, and a way to run the real `fauth` binary inside them.
final class FauthSandbox: @unchecked Sendable {
    let root: URL
    var environment: [String: String]

    /// Makes an empty sandbox talking to `emulator` (or to nothing, when nil).
    init(emulator: RunningEmulator?) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("home"), withIntermediateDirectories: true)
        environment = [
            "HOME": root.appendingPathComponent("home").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
        if let emulator { environment["FIREBASE_AUTH_EMULATOR_HOST"] = emulator.host }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The session file of a profile.
    func sessionPath(profile: String = "default") -> String {
        root.appendingPathComponent("state/fauth/sessions/\(profile).json").path
    }

    /// The bytes of a profile's session file, or nil when there is none.
    func sessionBytes(profile: String = "default") -> Data? {
        FileManager.default.contents(atPath: sessionPath(profile: profile))
    }

    /// The session file parsed as JSON.
    func session(profile: String = "default") -> JSONValue? {
        sessionBytes(profile: profile).flatMap { try? JSONValue.parse(Array($0)) }
    }

    /// Runs `fauth` with `arguments`, feeding `stdin` (or /dev/null), in its own session with no controlling
    /// terminal (through setsid) so that a prompt can never wait for a person.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> FauthRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["--wait", BuiltBinaries.fauth.path] + arguments
        process.environment = environment.merging(extra) { $1 }
        let id = UUID().uuidString
        let outURL = root.appendingPathComponent("out-\(id)"), errURL = root.appendingPathComponent("err-\(id)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let inURL = root.appendingPathComponent("in-\(id)")
            _ = FileManager.default.createFile(atPath: inURL.path, contents: Data(stdin.utf8))
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        }
        try process.run()
        process.waitUntilExit()
        return FauthRun(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }

    /// Signs up `email` with `password` (read from stdin) and returns the run; the test expects it to succeed.
    @discardableResult
    func signUp(_ email: String, password: String = "secret-pass-1", profile: String? = nil) throws -> FauthRun {
        try run(["signup", "--json", "--email", email, "--password-stdin"] + (profile.map { ["--profile", $0] } ?? []), stdin: password + "\n")
    }
}
