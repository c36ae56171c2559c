import FauthJSON
import Foundation
import Testing

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

extension FauthRun {
    /// Waits for `process` (at most `seconds`, else kills it and throws `HangError`) and takes what it wrote; the
    /// `--json` documents of a `fauth` run are checked against their schemas (`OutputSchemas`).
    init(finished process: SpawnedProcess, within seconds: Double) throws {
        let status: Int32
        do {
            status = try process.waitForExit(within: seconds)
        } catch {
            throw HangError(description: "fauth (pid \(process.pid)) still ran after \(seconds) s and was killed")
        }
        let output = process.outputBytes
        self.init(
            status: status, stdout: String(decoding: output.stdout, as: UTF8.self),
            stderr: String(decoding: output.stderr, as: UTF8.self))
        if let arguments = process.fauthArguments { OutputSchemas.check(self, arguments: arguments) }
    }
}

/// A fresh HOME and XDG_STATE_HOME for one test, and a way to run the real `fauth` binary inside them (every run
/// goes through `SpawnedProcess`, the one way the end-to-end tests start a process).
final class FauthSandbox: @unchecked Sendable {
    let root: URL
    var environment: [String: String]

    /// Makes an empty sandbox talking to `emulator` (or to nothing, when nil).
    init(emulator: RunningEmulator?) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("home"), withIntermediateDirectories: true)
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
    /// terminal so that a prompt can never wait for a person; a run still going after two minutes is killed and throws.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> FauthRun
    {
        try FauthRun(finished: start(arguments, stdin: stdin, environment: extra), within: 120)
    }

    /// Starts `fauth` with argument bytes passed as they are, in a session of its own (no controlling terminal),
    /// standard input fed from `stdin` (or /dev/null), under `umask` when given (through /bin/sh), in the sandbox
    /// as its working folder when `inSandbox` (so that relative paths land there), after the shell words `shell`
    /// when given (`yes x | `, `exec >/dev/full; `, an `export`), with `inherited` descriptors of this process
    /// (`SpawnedProcess`); the caller waits.
    func start(
        raw arguments: [[UInt8]], stdin: [UInt8]? = nil, environment extra: [String: String] = [:],
        umask: String? = nil, inSandbox: Bool = false, shell: String? = nil,
        inherited: [(parent: Int32, child: Int32)] = []
    ) throws -> SpawnedProcess {
        var input = "/dev/null"
        if let stdin {
            input = root.appendingPathComponent("in-\(UUID().uuidString)").path
            _ = FileManager.default.createFile(atPath: input, contents: Data(stdin))
        }
        var prelude = umask.map { "umask \($0); " } ?? ""
        if inSandbox { prelude += "cd '\(root.path)' || exit 99; " }
        prelude += shell ?? ""
        let fauth = Array(BuiltBinaries.fauth.path.utf8)
        let (path, argv) =
            prelude.isEmpty
            ? (BuiltBinaries.fauth.path, arguments)
            : ("/bin/sh", [Array("-c".utf8), Array((prelude + "exec \"$0\" \"$@\"").utf8), fauth] + arguments)
        let process = try SpawnedProcess(
            path: path, rawArguments: argv, environment: environment.merging(extra) { $1 }, standardInput: input,
            newSession: true,
            inherited: inherited)
        process.fauthArguments = arguments
        return process
    }

    /// Starts `fauth` with `arguments`, as `start(raw:)` does.
    func start(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws
        -> SpawnedProcess
    {
        try start(raw: arguments.map { Array($0.utf8) }, stdin: stdin.map { Array($0.utf8) }, environment: extra)
    }

    /// Signs up `email` with `password` (read from stdin) and returns the run; the test expects it to succeed.
    @discardableResult
    func signUp(_ email: String, password: String = "secret-pass-1", profile: String? = nil) throws -> FauthRun {
        try run(
            ["signup", "--json", "--email", email, "--password-stdin"] + (profile.map { ["--profile", $0] } ?? []),
            stdin: password + "\n")
    }
}
