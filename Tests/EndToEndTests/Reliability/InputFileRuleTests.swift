import Foundation
import Glibc
import Testing

/// Every file fauth reads (`--config`, `--password-file`, `@FILE`, `--ca-file`) follows one rule: a regular file or
/// a pipe is read whole within `--timeout` and a bound, a FIFO nobody writes to is a usage error within `--timeout`,
/// and a folder or a device is refused before anything is read or sent.
@Suite struct InputFileRuleTests {
    enum Reader: String, CaseIterable, Sendable {
        case config = "--config"
        case passwordFile = "--password-file"
        case tokenFile = "@FILE"
        case caFile = "--ca-file"

        /// The command line that reads `path` this way (`--timeout 1`; nothing listens at the emulator's address).
        func arguments(_ path: String) -> [String] {
            let common = ["--timeout", "1", "--json"]
            switch self {
            case .config: return common + ["--config", path, "providers", "--email", "a@example.com"]
            case .passwordFile:
                return common + [
                    "--emulator", "127.0.0.1:9", "signin", "--email", "a@example.com",
                    "--password-file", path,
                ]
            case .tokenFile: return common + ["--emulator", "127.0.0.1:9", "signin", "--custom-token", "@" + path]
            case .caFile:
                return common + ["--api-key", "k", "--ca-file", path, "providers", "--email", "a@example.com"]
            }
        }
    }

    @Test(arguments: Reader.allCases)
    func aFIFOWithNoWriterIsAUsageErrorWithinTheTimeout(_ reader: Reader) throws {
        let sandbox = try FauthSandbox(emulator: nil)
        let fifo = sandbox.root.appendingPathComponent("fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        let process = try sandbox.start(reader.arguments(fifo))
        let run = try FauthRun(finished: process, within: 60)
        let elapsed = Date().timeIntervalSince(started)
        expectFailure(run, status: 2, code: "usage")
        let message = run.error["message"]?.string ?? ""
        #expect(message.contains("timeout"), "\(run.stderr)")
        #expect(elapsed < 6, "\(reader.rawValue) on a FIFO with no writer took \(elapsed) s with --timeout 1")
    }

    @Test(arguments: Reader.allCases, ["folder", "device"])
    func aFolderOrADeviceIsRefused(_ reader: Reader, kind: String) throws {
        let sandbox = try FauthSandbox(emulator: nil)
        let path = kind == "folder" ? sandbox.root.path : "/dev/zero"
        let started = Date()
        let run = try FauthRun(finished: try sandbox.start(reader.arguments(path)), within: 60)
        expectFailure(run, status: 2, code: "usage")
        let message = run.error["message"]?.string ?? ""
        #expect(message.contains(path) && message.contains("is a \(kind)"), "\(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 6)
    }

    /// A FIFO someone writes to is read to its end (here a password, which then signs in).
    @Test func aFIFOWithAWriterIsReadWhole() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try #require(try sandbox.signUp("fifo@example.com", password: "piped-pass-1").status == 0)
        let fifo = sandbox.root.appendingPathComponent("fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = try SpawnedProcess(
            path: "/bin/sh", rawArguments: ["-c", "printf 'piped-pass-1\\n' > \"$0\"", fifo].map { Array($0.utf8) },
            environment: ["PATH": "/usr/bin:/bin"])
        defer { writer.signal(SIGKILL) }
        let run = try sandbox.run(["--timeout", "10", "signin", "--email", "fifo@example.com", "--password-file", fifo])
        #expect(run.status == 0, "\(run.stderr)")
    }
}
