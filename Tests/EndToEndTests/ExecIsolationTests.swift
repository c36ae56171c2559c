import Foundation
import Glibc
import Testing

/// `fauth-emulator exec` keeps a test script away from the user's own sessions (issue 10), sets `GCLOUD_PROJECT` and
/// takes Firebase's single shell-string form (issue 14).
@Suite struct ExecIsolationTests {
    /// A folder standing for the user's HOME, with a real-looking state folder in it.
    final class UserHome {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-exec-e2e-\(UUID().uuidString)")
            .path
        var state: String { root + "/state" }
        var sessions: String { state + "/fauth/sessions" }

        init() throws {
            try FileManager.default.createDirectory(
                atPath: sessions, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// HOME and XDG_STATE_HOME pointing here, the test process's PATH.
        var environment: [String: String] {
            [
                "HOME": root, "XDG_STATE_HOME": state,
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "LANG": "C.UTF-8",
            ]
        }

        /// Runs `fauth-emulator ARGUMENTS` with this home's environment (plus `extra`) and waits for it.
        func exec(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (SpawnedProcess, Int32) {
            let process = try SpawnedProcess(
                path: BuiltBinaries.emulator.path, rawArguments: arguments.map { Array($0.utf8) },
                environment: environment.merging(extra) { $1 })
            return (process, try process.waitForExit(within: 60))
        }

        func read(_ name: String) -> String {
            (try? String(contentsOfFile: root + "/" + name, encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines) ?? ""
        }
    }

    /// An exported FAUTH_ENDPOINT (the user's gateway) does not reach the command: fauth in it talks to the emulator.
    @Test func anExportedEndpointDoesNotReachTheCommand() throws {
        let home = try UserHome()
        let script = #"cd "$0" || exit 99; fauth signin --anonymous --json > signin.out 2>&1; echo $? > signin.code"#
        let (process, status) = try home.exec(
            ["exec", "--", "sh", "-c", script, home.root],
            environment: ["FAUTH_ENDPOINT": "https://gateway.example.com"])
        #expect(status == 0, "\(process.standardError)")
        #expect(home.read("signin.code") == "0", "\(home.read("signin.out"))")
    }

    @Test func fauthInAnExecScriptNeverSeesOrTouchesTheUsersSessions() throws {
        let home = try UserHome()
        let own = home.sessions + "/default.json"
        let other = home.sessions + "/work.json"
        for path in [own, other] {
            #expect(
                FileManager.default.createFile(
                    atPath: path, contents: Data(#"{"version": 1, "the user's": "own"}"#.utf8),
                    attributes: [.posixPermissions: 0o600]))
        }
        let entries = try FileManager.default.contentsOfDirectory(atPath: home.sessions).sorted()
        let bytes = [FileManager.default.contents(atPath: own), FileManager.default.contents(atPath: other)]
        let script = """
            cd "$0" || exit 99
            fauth status --json > status.out 2>&1; echo $? > status.code
            printf 'secret-pass-1\\n' | fauth signup --email exec@example.com --password-stdin > signup.out 2>&1; echo $? > signup.code
            fauth signin --anonymous --profile work > /dev/null 2>&1
            fauth signout --all --json > signout.out
            echo "$XDG_STATE_HOME" > state.path
            echo "$GCLOUD_PROJECT" > project.out
            """
        let (process, status) = try home.exec(["exec", "--project", "demo-exec", "--", "sh", "-c", script, home.root])
        #expect(status == 0, "\(process.standardError)")
        #expect(home.read("status.code") == "4", "fauth saw a session in exec: \(home.read("status.out"))")
        #expect(home.read("signup.code") == "0", "\(home.read("signup.out"))")
        let privateState = home.read("state.path")
        #expect(privateState.hasPrefix("/") && privateState != home.state)
        let removed = try JSONSerialization.jsonObject(with: Data(home.read("signout.out").utf8)) as? [String: Any]
        let paths = removed?["removed"] as? [String] ?? []
        #expect(paths.count == 2 && paths.allSatisfy { $0.hasPrefix(privateState + "/fauth/sessions/") }, "\(paths)")
        #expect(home.read("project.out") == "demo-exec")
        #expect(access(privateState, F_OK) != 0, "exec left its state folder behind")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.sessions).sorted() == entries)
        #expect([FileManager.default.contents(atPath: own), FileManager.default.contents(atPath: other)] == bytes)
    }

    @Test func aSessionFileTheCallerNamesIsKept() throws {
        let home = try UserHome()
        let chosen = home.root + "/chosen.json"
        let (process, status) = try home.exec(
            ["exec", "--", "fauth", "signin", "--anonymous"], environment: ["FAUTH_SESSION": chosen])
        #expect(status == 0, "\(process.standardError)")
        let attributes = try FileManager.default.attributesOfItem(atPath: chosen)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }

    @Test func aLinkLeftInTheStateFolderIsRemovedNotFollowed() throws {
        let home = try UserHome()
        let victim = home.root + "/victim"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: victim + "/precious", contents: Data("keep".utf8)))
        let (process, status) = try home.exec([
            "exec", "--", "sh", "-c",
            #"ln -s "$0" "$XDG_STATE_HOME/link" && echo "$XDG_STATE_HOME" > "$0/../state.path""#, victim,
        ])
        #expect(status == 0, "\(process.standardError)")
        #expect(FileManager.default.contents(atPath: victim + "/precious") == Data("keep".utf8))
        #expect(access(home.read("state.path"), F_OK) != 0)
    }

    @Test func oneArgumentWithASpaceIsRunByTheShell() throws {
        let home = try UserHome()
        let out = home.root + "/shell.out"
        let (process, status) = try home.exec([
            "exec", #"echo "$GCLOUD_PROJECT $FIREBASE_AUTH_EMULATOR_HOST" > '\#(out)'; exit 7"#,
        ])
        #expect(status == 7, "\(process.standardError)")
        #expect(home.read("shell.out").hasPrefix("demo-fauth 127.0.0.1:"))
    }
}
