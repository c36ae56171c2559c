import FauthJSON
import Foundation
import Glibc
import Testing

/// Another fauth holding a profile's lock is temporary: the wait is bounded by `--timeout` and ends with
/// `session-busy` (exit 10, retryable); `signout --all` waits on every busy profile within one `--timeout`. The
/// lock is held by a real second process (`flock` from a shell), as another fauth would hold it.
@Suite struct SessionLockWaitTests {
    /// Starts `flock LOCK sleep 60` and returns once it holds the lock (the test's own try fails), killed on release.
    static func holdLock(_ path: String) throws -> SpawnedProcess {
        let holder = try SpawnedProcess(
            path: "/usr/bin/flock", rawArguments: [path, "sleep", "60"].map { Array($0.utf8) },
            environment: ["PATH": "/usr/bin:/bin"])
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let probe = open(path, O_RDONLY | O_CLOEXEC)
            if probe >= 0 {
                defer { close(probe) }
                if flock(probe, LOCK_EX | LOCK_NB) != 0 { return holder }
                flock(probe, LOCK_UN)
            }
            usleep(10_000)
        }
        throw SpawnError(description: "flock did not take \(path)")
    }

    @Test func aLockHeldByAnotherProcessEndsWithSessionBusyWithinTheTimeout() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.run(["signin", "--anonymous", "-q"]).status == 0)
        let before = try #require(sandbox.sessionBytes())
        let holder = try Self.holdLock(sandbox.sessionPath() + ".lock")
        defer { holder.signal(SIGKILL) }
        let started = Date()
        let run = try sandbox.run(["--timeout", "1", "signin", "--anonymous", "--json"])
        let elapsed = Date().timeIntervalSince(started)
        expectFailure(run, status: 10, code: "session-busy")
        #expect(run.error["retryable"] == true && run.error["action"] == "retry", "\(run.stderr)")
        let message = run.error["message"]?.string ?? ""
        #expect(message.contains("another fauth"), "\(run.stderr)")
        #expect(elapsed < 6, "waited \(elapsed) s for a lock with --timeout 1")
        #expect(emulator.requestCount("accounts:signUp") == 1, "no request while the lock was held")
        #expect(sandbox.sessionBytes() == before)
    }

    @Test func signoutAllWaitsForEveryBusyProfileWithinOneTimeout() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let profiles = ["a", "b", "c"]
        for profile in profiles {
            #expect(try sandbox.run(["signin", "--anonymous", "-q", "--profile", profile]).status == 0)
        }
        let holders = try profiles.map { try Self.holdLock(sandbox.sessionPath(profile: $0) + ".lock") }
        defer { for holder in holders { holder.signal(SIGKILL) } }
        let started = Date()
        let run = try sandbox.run(["--timeout", "3", "signout", "--all", "--json"])
        let elapsed = Date().timeIntervalSince(started)
        expectFailure(run, status: 10, code: "session-busy")
        let message = run.error["message"]?.string ?? ""
        for profile in profiles { #expect(message.contains("\(profile).json.lock"), "\(run.stderr)") }
        #expect(elapsed >= 2.9 && elapsed < 7, "three busy profiles took \(elapsed) s with --timeout 3 (3 × 3 s: 9 s)")
        for profile in profiles { #expect(sandbox.sessionBytes(profile: profile) != nil) }
    }
}
