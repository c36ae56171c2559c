import Foundation
import FauthJSON

/// Why a guarded run failed: the process outlived its wall-clock limit and was killed.
struct HangError: Error, CustomStringConvertible {
    let description: String
}

extension FauthSandbox {
    /// Starts `fauth` with argument bytes passed as they are, in a session of its own (no controlling terminal),
    /// standard input fed from `stdin` (or /dev/null), under `umask` when given (through /bin/sh), in the sandbox
    /// as its working folder when `inSandbox` (so that relative paths land there), after the shell words `shell`
    /// when given (`yes x | `, `exec >/dev/full; `, an `export`); the caller waits.
    func start(raw arguments: [[UInt8]], stdin: [UInt8]? = nil, environment extra: [String: String] = [:],
               umask: String? = nil, inSandbox: Bool = false, shell: String? = nil) throws -> SpawnedProcess {
        var input = "/dev/null"
        if let stdin {
            input = root.appendingPathComponent("in-\(UUID().uuidString)").path
            _ = FileManager.default.createFile(atPath: input, contents: Data(stdin))
        }
        var prelude = umask.map { "umask \($0); " } ?? ""
        if inSandbox { prelude += "cd '\(root.path)' || exit 99; " }
        prelude += shell ?? ""
        let fauth = Array(BuiltBinaries.fauth.path.utf8)
        let (path, argv) = prelude.isEmpty
            ? (BuiltBinaries.fauth.path, arguments)
            : ("/bin/sh", [Array("-c".utf8), Array((prelude + "exec \"$0\" \"$@\"").utf8), fauth] + arguments)
        return try SpawnedProcess(
            path: path, rawArguments: argv, environment: environment.merging(extra) { $1 }, standardInput: input, newSession: true)
    }

    /// Starts `fauth` with `arguments`, as `start(raw:)` does.
    func start(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> SpawnedProcess {
        try start(raw: arguments.map { Array($0.utf8) }, stdin: stdin.map { Array($0.utf8) }, environment: extra)
    }

    /// Runs `fauth` and waits at most `seconds` of wall-clock time; a run still going then is killed and reported
    /// as a `HangError`.
    func guardedRun(raw arguments: [[UInt8]], stdin: [UInt8]? = nil, environment extra: [String: String] = [:],
                    inSandbox: Bool = false, shell: String? = nil, within seconds: Double = 20) throws -> FauthRun {
        let process = try start(raw: arguments, stdin: stdin, environment: extra, inSandbox: inSandbox, shell: shell)
        return try FauthRun(finished: process, within: seconds)
    }

    /// Runs `fauth` with `arguments` under a wall-clock guard, as `guardedRun(raw:)` does.
    func guardedRun(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:],
                    umask: String? = nil, inSandbox: Bool = false, shell: String? = nil, within seconds: Double = 20) throws -> FauthRun {
        let process = try start(raw: arguments.map { Array($0.utf8) }, stdin: stdin.map { Array($0.utf8) }, environment: extra,
                                umask: umask, inSandbox: inSandbox, shell: shell)
        return try FauthRun(finished: process, within: seconds)
    }

    /// The names in the profiles' sessions folder.
    func sessionFolderEntries() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("state/fauth/sessions").path)) ?? []
    }

    /// The POSIX permission bits of a file, nil when it does not exist.
    func permissions(of path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }
}

extension FauthRun {
    /// Waits for `process` (at most `seconds`, else kills it and throws `HangError`) and takes what it wrote.
    init(finished process: SpawnedProcess, within seconds: Double) throws {
        let status: Int32
        do {
            status = try process.waitForExit(within: seconds)
        } catch {
            throw HangError(description: "fauth (pid \(process.pid)) still ran after \(seconds) s and was killed")
        }
        let output = process.outputBytes
        self.init(status: status, stdout: String(decoding: output.stdout, as: UTF8.self),
                  stderr: String(decoding: output.stderr, as: UTF8.self))
    }

    /// Whether the exit status is one of the documented ones: 0 to 12, or 130.
    var hasDocumentedStatus: Bool { (0...12).contains(status) || status == 130 }
}

/// The payload of a JWT (its middle part, base64url-decoded and parsed), nil when the token is not one.
func jwtPayload(_ token: String) -> JSONValue? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    guard let data = Data(base64Encoded: base64) else { return nil }
    return try? JSONValue.parse(Array(data))
}

/// A count from the environment variable `name` (for deeper runs), else `standard`.
func configuredCount(_ name: String, default standard: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap(Int.init).map { max($0, 1) } ?? standard
}
