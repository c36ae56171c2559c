import FauthJSON
import Foundation
import Glibc
import Testing

/// `kill -9` at random moments while `fauth` rewrites the session (refreshes and sign-ins): the file is always the
/// old or the new version, valid, 0600, and no temporary file outlives the next command.
@Suite struct CrashTests {
    static let rounds = configuredCount("FAUTH_CRASH_ROUNDS", default: 40)
    static let password = "secret-pass-1"

    @Test func killingRewritesAtRandomMomentsLeavesTheOldOrTheNewFile() throws {
        var generator = SeededGenerator(seedFrom: "FAUTH_CRASH_SEED")
        let seed = generator.seed
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try #require(try sandbox.signUp("crash@example.com", password: Self.password).status == 0)
        let commands = [["token", "--force-refresh"], ["signin", "--email", "crash@example.com", "--password-stdin"]]

        // How long an uninterrupted run takes, so that kills are spread over a whole run, the write at its end included.
        var span = 0.0
        for arguments in commands {
            let start = Date()
            #expect(try sandbox.guardedRun(arguments, stdin: Self.password).status == 0)
            span = max(span, 1.3 * Date().timeIntervalSince(start))
        }

        var killed = 0
        var finished = 0
        var keptOld = 0
        var gotNew = 0
        var orphans = 0
        for round in 0..<Self.rounds {
            let arguments = commands[round % 2]
            let before = try #require(sandbox.sessionBytes())
            emulator.call("DELETE", "/emulator/v1/projects/\(emulator.projectId)/faults")
            let delay = Int.random(in: 0...30, using: &generator)
            emulator.inject(route: round % 2 == 0 ? "token" : "accounts:lookup", ["delayMs": .number(Double(delay))])
            let process = try sandbox.start(arguments, stdin: Self.password)
            usleep(UInt32(Double.random(in: 0...(span + Double(delay) / 1000), using: &generator) * 1_000_000))
            kill(process.pid, SIGKILL)
            let status = try process.waitForExit(within: 60)
            if status == 128 + SIGKILL { killed += 1 } else { finished += 1 }
            #expect(status == 0 || status == 128 + SIGKILL, "round \(round) (seed \(seed)): \(process.standardError)")

            let after = try #require(sandbox.sessionBytes(), "round \(round) (seed \(seed)): the session file is gone")
            let json = try? JSONValue.parse(Array(after))
            #expect(
                json?["version"] == 1 && json?["idToken"]?.string != nil && json?["refreshToken"]?.string != nil,
                "round \(round) (seed \(seed)): not a whole session: \(after.count) bytes")
            if after == before { keptOld += 1 } else { gotNew += 1 }
            #expect(sandbox.permissions(of: sandbox.sessionPath()) == 0o600, "round \(round) (seed \(seed))")

            if !Self.temporaryFiles(sandbox).isEmpty {
                orphans += 1
                #expect(try sandbox.guardedRun(["providers"]).status == 0)
                #expect(
                    Self.temporaryFiles(sandbox).isEmpty,
                    "round \(round) (seed \(seed)): the next command left the orphan")
            }
        }
        #expect(try sandbox.guardedRun(["status"]).status == 0)
        #expect(sandbox.sessionFolderEntries().sorted() == ["default.json", "default.json.lock"])
        print(
            "crashes: \(Self.rounds) rounds (seed \(seed)): \(killed) killed, \(finished) finished first; "
                + "\(keptOld) left the file byte-for-byte as it was, \(gotNew) replaced it whole; \(orphans) orphaned temporary files, each removed by the next command"
        )
    }

    /// What is in the sessions folder besides the session and its lock.
    private static func temporaryFiles(_ sandbox: FauthSandbox) -> [String] {
        sandbox.sessionFolderEntries().filter { $0 != "default.json" && $0 != "default.json.lock" }
    }
}
