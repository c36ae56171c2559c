import FauthJSON
import FauthTestSupport
import Foundation
import Glibc
import Testing

/// Ctrl-C (SIGINT), SIGTERM, SIGHUP or SIGQUIT (Ctrl-\\) at any moment of a run ends it through the error contract
/// (`interrupted`, exit 130; `terminated`, 143; `hangup`, 129; `quit`, 131: the JSON's `exitCode` is the status the
/// process exits with), not by the signal alone and never with the Swift runtime's crash report: during a network
/// call and while waiting for a held session lock.
@Suite struct InterruptTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let signal: Int32
        let json: Bool
        var testDescription: String { "SIG\(InterruptTests.names[signal]!.signal)\(json ? " --json" : "")" }
    }

    /// Each signal's name and the error code it ends fauth with.
    static let names: [Int32: (signal: String, code: String)] = [
        SIGINT: ("INT", "interrupted"), SIGTERM: ("TERM", "terminated"), SIGHUP: ("HUP", "hangup"),
        SIGQUIT: ("QUIT", "quit"),
    ]

    static let cases = [SIGINT, SIGTERM, SIGHUP, SIGQUIT].flatMap {
        [Case(signal: $0, json: true), Case(signal: $0, json: false)]
    }

    @Test(arguments: cases)
    func aSignalDuringANetworkCallEndsWithTheInterruptedError(_ run: Case) throws {
        let server = try SilentListener(address: "127.0.0.1", port: 0, backlog: 16)
        let sandbox = try FauthSandbox(emulator: nil)
        let process = try sandbox.start(
            (run.json ? ["--json"] : []) + ["--emulator", "127.0.0.1:\(server.port)", "providers", "--email", "a@b.c"])
        var pending = pollfd(fd: server.descriptor, events: Int16(POLLIN), revents: 0)
        // fauth connected: the request now waits for an answer that never comes.
        #expect(poll(&pending, 1, 60_000) == 1, "fauth connected")
        process.signal(run.signal)
        try expectInterrupted(process, run)
    }

    @Test(arguments: cases)
    func aSignalWhileWaitingForTheSessionLockEndsWithTheInterruptedErrorAndKeepsTheSession(_ run: Case) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.run(["signin", "--anonymous", "-q"]).status == 0)
        let before = try #require(sandbox.sessionBytes())
        let lock = open(sandbox.sessionPath() + ".lock", O_RDWR | O_CLOEXEC)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        let process = try sandbox.start((run.json ? ["--json"] : []) + ["signin", "--anonymous"])
        // Once fauth has the lock file open it polls for the lock this test holds (up to 10 s), before any request.
        let deadline = Date().addingTimeInterval(60)
        while !Self.hasOpen(sandbox.sessionPath() + ".lock", pid: process.pid), Date() < deadline { usleep(5_000) }
        process.signal(run.signal)
        try expectInterrupted(process, run)
        #expect(emulator.requestCount("accounts:signUp") == 1, "no request was sent while the lock was held")
        #expect(sandbox.sessionBytes() == before, "the session file changed")
        #expect(sandbox.sessionFolderEntries().sorted() == ["default.json", "default.json.lock"])
    }

    /// Whether process `pid` has a descriptor open on `path` (read from /proc).
    static func hasOpen(_ path: String, pid: pid_t) -> Bool {
        let folder = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == path
        }
    }

    /// The process exited 128+signal having written the signal's error (not merely died of the signal), whose
    /// `exitCode` is that status.
    private func expectInterrupted(
        _ process: SpawnedProcess, _ run: Case, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let status = try process.waitForExit(within: 60)
        #expect(status == 128 + run.signal, sourceLocation: sourceLocation)
        let stderr = process.standardError
        let code = Self.names[run.signal]!.code
        #expect(
            !stderr.contains("Crash") && !stderr.contains("Thread 0") && !stderr.contains("backtrace"),
            "the runtime's crash report: \(stderr)", sourceLocation: sourceLocation)
        if run.json {
            let error = (try? JSONValue.parse(Array(stderr.utf8)))?["error"]
            #expect(error?["code"] == .string(code), "stderr: \(stderr)", sourceLocation: sourceLocation)
            #expect(
                error?["exitCode"]?.int == Int(status) && error?["action"] == "stop", sourceLocation: sourceLocation)
        } else {
            #expect(
                stderr.hasSuffix("(\(code))\n") && stderr.hasPrefix("fauth: "), "stderr: \(stderr)",
                sourceLocation: sourceLocation)
        }
        #expect(process.standardOutput.isEmpty, sourceLocation: sourceLocation)
    }
}
