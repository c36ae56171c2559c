import FauthJSON
import FauthTestSupport
import Foundation
import Glibc
import Testing

/// Many `fauth` processes on one session or on several profiles at once: one refresh for many callers, no
/// interference between profiles, and no reader ever sees a half-written file.
@Suite struct ConcurrencyTests {
    static let parallelCalls = 50

    @Test func fiftyConcurrentTokenCallsOnAnExpiringTokenMakeOneRefresh() throws {
        let emulator = try RunningEmulator()
        emulator.configure(["fauth": ["idTokenLifetimeSeconds": 120]])  // a fresh token has < 5 min left
        let sandbox = try FauthSandbox(emulator: emulator)
        let uid = try #require(try sandbox.signUp("many@example.com").json["user"]?["uid"]?.string)

        // Hold the session lock until every process has read the expiring token and is waiting for the lock, so
        // that all of them are truly concurrent with the one refresh. Their lock wait is --timeout: starting fifty
        // processes on a loaded machine, then passing the lock from one to the next, can take longer than the
        // default 30 s, which would end the first ones with session-busy.
        let lock = try SessionLockHolder(path: sandbox.sessionPath() + ".lock")
        let processes = try (0..<Self.parallelCalls).map { _ in try sandbox.start(["token", "--timeout", "150"]) }
        try lock.release(afterAllOf: processes.map(\.pid), haveOpened: "default.json.lock")
        let runs = try processes.map { try FauthRun(finished: $0, within: 180) }

        var tokens = Set<String>()
        for run in runs {
            #expect(run.status == 0, "\(run.stderr)")
            let token = run.stdout.trimmingCharacters(in: .newlines)
            #expect(token.split(separator: ".", omittingEmptySubsequences: false).count == 3)
            #expect(jwtPayload(token)?["user_id"]?.string == uid, "the token must decode and name the user")
            tokens.insert(token)
        }
        let refreshes = emulator.requestCount("token")
        print("concurrency: \(runs.count) concurrent token calls, \(refreshes) refresh(es) seen by the server")
        #expect(refreshes == 1)
        #expect(tokens.count == 1, "every caller prints the one refreshed token")
        #expect(sandbox.session()?["version"] == 1)
        #expect(sandbox.session()?["idToken"]?.string == tokens.first)
        #expect(sandbox.permissions(of: sandbox.sessionPath()) == 0o600)
    }

    @Test func parallelCommandsOnDifferentProfilesDoNotInterfere() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let profiles = ["alpha", "beta", "gamma", "delta"]
        var uids: [String: String] = [:]
        for profile in profiles {
            uids[profile] = try #require(
                try sandbox.signUp("\(profile)@example.com", profile: profile).json["user"]?["uid"]?.string)
        }
        var started: [(profile: String, kind: String, process: SpawnedProcess)] = []
        for round in 0..<4 {
            for profile in profiles {
                let kind = ["token", "providers", "status"][round % 3]
                let arguments = kind == "token" ? ["token", "--force-refresh"] : [kind, "--json"]
                started.append((profile, kind, try sandbox.start(arguments + ["--profile", profile])))
            }
        }
        for (profile, kind, process) in started {
            let run = try FauthRun(finished: process, within: 60)
            #expect(run.status == 0, "\(profile) \(kind): \(run.stderr)")
            switch kind {
            case "token":
                #expect(jwtPayload(run.stdout.trimmingCharacters(in: .newlines))?["user_id"]?.string == uids[profile])
            case "providers": #expect(run.json.array?.first?["email"]?.string == "\(profile)@example.com")
            default: #expect(run.json["user"]?["uid"]?.string == uids[profile])
            }
        }
        for profile in profiles {
            let session = try #require(sandbox.session(profile: profile))
            #expect(session["user"]?["uid"]?.string == uids[profile])
            #expect(jwtPayload(session["idToken"]?.string ?? "")?["user_id"]?.string == uids[profile])
        }
    }

    @Test func readersNeverSeeAHalfWrittenFile() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("reader@example.com")
        let writers = DispatchGroup()
        let failures = Recorder<String>()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: writers) {
                for _ in 0..<12 {
                    guard let run = try? sandbox.guardedRun(["token", "--force-refresh"]), run.status == 0 else {
                        return failures.append("a refresh failed")
                    }
                }
            }
        }
        var reads = 0
        var fauthReads = 0
        while writers.wait(timeout: .now()) == .timedOut {
            let bytes = try #require(sandbox.sessionBytes(), "the session file vanished during a rewrite")
            let json = try? JSONValue.parse(Array(bytes))
            #expect(
                json?["version"] == 1 && json?["refreshToken"]?.string != nil,
                "a half-written file: \(bytes.count) bytes")
            reads += 1
            if reads % 20 == 0 {
                let run = try sandbox.guardedRun(["token"])
                #expect(run.status == 0, "a reading fauth failed during a refresh: \(run.stderr)")
                fauthReads += 1
            }
        }
        #expect(failures.values.isEmpty, "\(failures.values)")
        let refreshes = emulator.requestCount("token")
        print(
            "concurrency: \(reads) file reads and \(fauthReads) fauth token reads during \(refreshes) refreshes (24 forced calls), all whole"
        )
        #expect(reads > 0)
        // Two overlapping forced refreshes may share one (the later caller uses the file the earlier one wrote).
        #expect((12...24).contains(refreshes))
    }
}

/// Holds a session's lock from the test, standing in for another fauth in the middle of a rewrite.
final class SessionLockHolder {
    private var descriptor: Int32

    /// Takes the exclusive `flock` on the lock file at `path`.
    init(path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else {
            throw SpawnError(description: "cannot lock \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Waits (at most 120 s: a loaded machine starts many processes slowly) until every process in `pids` has a file
    /// whose path ends in `suffix` open (fauth opens the lock file only after its lock-free read) or has already
    /// exited, then releases the lock.
    func release(afterAllOf pids: [pid_t], haveOpened suffix: String) throws {
        let deadline = Date().addingTimeInterval(120)
        var waiting = Set(pids)
        while !waiting.isEmpty {
            guard Date() < deadline else {
                throw SpawnError(description: "\(waiting.count) processes never reached the lock")
            }
            waiting = waiting.filter { !Self.process($0, hasOpened: suffix) && !Self.hasExited($0) }
            usleep(2000)
        }
        close(descriptor)
        descriptor = -1
    }

    private static func hasExited(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    private static func process(_ pid: pid_t, hasOpened suffix: String) -> Bool {
        let folder = "/proc/\(pid)/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0))?.hasSuffix(suffix) == true
        }
    }
}
