import FauthJSON
import Foundation
import Glibc
import Testing

/// Another fauth holding a profile's lock is temporary: the wait is bounded by `--timeout` and ends with
/// `session-busy` (exit 10, retryable); `signout --all` waits on every busy profile within one `--timeout`. The
/// lock is held by a real second process (`flock` from a shell), as another fauth would hold it.
@Suite struct SessionLockWaitTests {
    /// Starts `flock LOCK sleep 60` in a process group of its own and returns once it holds the lock (the test's own
    /// try fails); `release` ends it.
    static func holdLock(_ path: String) throws -> SpawnedProcess {
        let holder = try SpawnedProcess(
            path: "/usr/bin/flock", rawArguments: [path, "sleep", "60"].map { Array($0.utf8) },
            environment: ["PATH": "/usr/bin:/bin"], newSession: true)
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

    /// Releases the lock `holdLock` took: kills its whole process group, since `sleep` holds the lock's descriptor
    /// too, and waits for `flock` to end.
    static func release(_ holder: SpawnedProcess) {
        guard holder.isRunning else { return }
        kill(-holder.pid, SIGKILL)
        _ = try? holder.waitForExit(within: 30)
    }

    @Test func aLockHeldByAnotherProcessEndsWithSessionBusyWithinTheTimeout() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.run(["signin", "--anonymous", "-q"]).status == 0)
        let before = try #require(sandbox.sessionBytes())
        let holder = try Self.holdLock(sandbox.sessionPath() + ".lock")
        defer { Self.release(holder) }
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
        defer { for holder in holders { Self.release(holder) } }
        let started = Date()
        let run = try sandbox.run(["--timeout", "3", "signout", "--all", "--json"])
        let elapsed = Date().timeIntervalSince(started)
        expectFailure(run, status: 10, code: "session-busy")
        let message = run.error["message"]?.string ?? ""
        for profile in profiles { #expect(message.contains("\(profile).json.lock"), "\(run.stderr)") }
        #expect(elapsed >= 2.9 && elapsed < 7, "three busy profiles took \(elapsed) s with --timeout 3 (3 × 3 s: 9 s)")
        for profile in profiles { #expect(sandbox.sessionBytes(profile: profile) != nil) }
    }

    /// Waits (a deadline only a failure reaches) until `process` holds `path` open: a fauth that has opened its lock
    /// file has made its lock-free read of the session and now waits for the lock.
    static func waitUntil(_ process: SpawnedProcess, holdsOpen path: String) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && process.isRunning {
            let folder = "/proc/\(process.pid)/fd"
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if descriptors.contains(where: {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == path
            }) {
                return
            }
            usleep(5000)
        }
        throw SpawnError(description: "fauth never opened \(path); standard error: \(process.standardError)")
    }

    /// Starts `providers --json` on the default profile while another process holds its lock, waits until fauth has
    /// read the session without the lock and waits for it, runs `change` on the session file, releases the lock and
    /// returns how fauth ended.
    static func providersAcross(
        _ change: (_ path: String) throws -> Void, in sandbox: FauthSandbox
    ) throws -> FauthRun {
        let path = sandbox.sessionPath()
        let holder = try holdLock(path + ".lock")
        defer { Self.release(holder) }
        let waiting = try sandbox.start(["providers", "--json"])
        try waitUntil(waiting, holdsOpen: path + ".lock")
        try change(path)
        release(holder)
        return try FauthRun(finished: waiting, within: 60)
    }

    /// The lock-free read a command makes first is used under the lock only while the file is unchanged
    /// (docs/design/session.md, "How it is read"): a session another process writes while fauth waits for the lock
    /// is the one fauth sends, and a session removed meanwhile is `not-signed-in` with nothing sent.
    @Test func aSessionWrittenOrRemovedWhileFauthWaitsForTheLockIsWhatFauthGoesBy() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("first@example.com")
        try sandbox.signUp("second@example.com", profile: "second")
        let second = try #require(sandbox.sessionBytes(profile: "second"))
        let written = try Self.providersAcross(
            { path in
                // As a writer does: a new file, renamed over the old one.
                #expect(FileManager.default.createFile(atPath: path + ".new", contents: second))
                #expect(chmod(path + ".new", 0o600) == 0 && rename(path + ".new", path) == 0)
            }, in: sandbox)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.json.array?.first?["email"] == "second@example.com", "\(written.stdout)")

        let lookups = emulator.requestCount("accounts:lookup")
        let removed = try Self.providersAcross({ path in #expect(unlink(path) == 0) }, in: sandbox)
        expectFailure(removed, status: 4, code: "not-signed-in")
        #expect(emulator.requestCount("accounts:lookup") == lookups, "nothing is sent for a removed session")
    }
}
