import Foundation
import Glibc
import Testing

/// The session store against a hostile or broken filesystem (issue 10): FIFOs, symlinked and foreign folders, a
/// missing HOME, a session path that cannot be written. Each command runs under a wall-clock guard.
@Suite struct SessionStoreTrustTests {
    /// The session folder of the sandbox's default profile.
    static func sessionsFolder(_ sandbox: FauthSandbox) -> String {
        (sandbox.sessionPath() as NSString).deletingLastPathComponent
    }

    /// Checks a refused run: exit 12, `session-store-error`, a message holding every one of `phrases`.
    static func expectRefusal(_ run: FauthRun, _ phrases: String..., sourceLocation: SourceLocation = #_sourceLocation)
    {
        expectFailure(run, status: 12, code: "session-store-error", sourceLocation: sourceLocation)
        for phrase in phrases {
            #expect(
                run.error["message"]?.string?.contains(phrase) == true, "\(run.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test func aFIFOAtTheSessionOrLockPathHangsNoCommand() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try FileManager.default.createDirectory(
            atPath: Self.sessionsFolder(sandbox), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        #expect(mkfifo(sandbox.sessionPath(), 0o600) == 0)
        for arguments in [
            ["status"], ["token"], ["providers"], ["token", "--force-refresh"], ["signin", "--anonymous"],
        ] {
            Self.expectRefusal(try sandbox.guardedRun(arguments + ["--json"], within: 60), "is a FIFO")
        }
        let signup = try sandbox.guardedRun(
            ["signup", "--json", "--email", "fifo@example.com", "--password-stdin"],
            stdin: "secret-pass-1", within: 60)
        Self.expectRefusal(signup, "is a FIFO")
        #expect(
            emulator.requestCount("accounts:signUp") == 0, "an account was made for a session that cannot be written")
        var info = stat()
        #expect(lstat(sandbox.sessionPath(), &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")

        // A FIFO at the lock path: the read-modify-write refuses it instead of waiting.
        #expect(unlink(sandbox.sessionPath()) == 0)
        #expect(try sandbox.signUp("lockfifo@example.com").status == 0)
        #expect(unlink(sandbox.sessionPath() + ".lock") == 0 && mkfifo(sandbox.sessionPath() + ".lock", 0o600) == 0)
        try expectSessionUnchanged(sandbox) {
            Self.expectRefusal(try sandbox.guardedRun(["token", "--force-refresh", "--json"], within: 60), "is a FIFO")
        }
    }

    @Test func aSymlinkedFolderOnTheWayIsRefusedAndWhatItPointsToIsLeftAlone() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("linked@example.com").status == 0)
        // The state folder's fauth/ is moved elsewhere and replaced by a link, next to an unrelated file.
        let fauthFolder = sandbox.root.appendingPathComponent("state/fauth").path
        let elsewhere = sandbox.root.appendingPathComponent("elsewhere").path
        #expect(rename(fauthFolder, elsewhere) == 0 && symlink(elsewhere, fauthFolder) == 0)
        let unrelated = elsewhere + "/sessions/notes.txt"
        #expect(FileManager.default.createFile(atPath: unrelated, contents: Data("not fauth's".utf8)))
        let before = try FileManager.default.contentsOfDirectory(atPath: elsewhere + "/sessions").sorted()
        let session = FileManager.default.contents(atPath: elsewhere + "/sessions/default.json")
        for arguments in [
            ["token"], ["status"], ["providers"], ["signin", "--anonymous"], ["signout"], ["signout", "--all"],
        ] {
            Self.expectRefusal(try sandbox.guardedRun(arguments + ["--json"]), "is a symbolic link", fauthFolder)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere + "/sessions").sorted() == before)
        #expect(FileManager.default.contents(atPath: elsewhere + "/sessions/default.json") == session)
        #expect(FileManager.default.contents(atPath: unrelated) == Data("not fauth's".utf8))
        #expect(emulator.requestCount("accounts:signUp") == 1, "signin --anonymous reached the server")
    }

    @Test(.enabled(if: geteuid() == 0, "making a folder of another user needs root"))
    func aFolderOwnedByAnotherUserIsRefused() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("owned@example.com").status == 0)
        let folder = Self.sessionsFolder(sandbox)
        #expect(chown(folder, 4242, 4242) == 0)
        try expectSessionUnchanged(sandbox) {
            for arguments in [["token"], ["status"], ["signin", "--anonymous"]] {
                Self.expectRefusal(
                    try sandbox.guardedRun(arguments + ["--json"]), "owned by another user (uid 4242)", folder)
            }
        }
        #expect(emulator.requestCount("accounts:signUp") == 1)
    }

    @Test func aFolderOthersCanWriteIsRefusedWithTheFix() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("groupw@example.com").status == 0)
        let folder = Self.sessionsFolder(sandbox)
        let state = sandbox.root.appendingPathComponent("state").path
        try expectSessionUnchanged(sandbox) {
            #expect(chmod(folder, 0o770) == 0)
            Self.expectRefusal(
                try sandbox.guardedRun(["token", "--json"]), "writable by group or others", "chmod 700 \(folder)")
            #expect(chmod(folder, 0o700) == 0 && chmod(state, 0o777) == 0)
            Self.expectRefusal(
                try sandbox.guardedRun(["status", "--json"]), "writable by group or others", "chmod go-w \(state)")
            #expect(chmod(state, 0o1777) == 0)  // sticky, as /tmp: others cannot replace what is in it
            #expect(try sandbox.guardedRun(["token"]).status == 0)
        }
    }

    @Test func aMissingHomeIsAnErrorNotATreeToCreate() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let home = sandbox.root.appendingPathComponent("no-such-home").path
        let environment = ["HOME": home, "XDG_STATE_HOME": ""]
        Self.expectRefusal(
            try sandbox.guardedRun(["signin", "--anonymous", "--json"], environment: environment),
            home, "does not exist")
        expectFailure(
            try sandbox.guardedRun(["status", "--json"], environment: environment), status: 4, code: "not-signed-in")
        #expect(access(home, F_OK) != 0, "fauth created the missing HOME")
        #expect(emulator.requestCount("accounts:signUp") == 0)
        // An existing HOME gets its .local/state tree made.
        #expect(mkdir(home, 0o700) == 0)
        #expect(try sandbox.guardedRun(["signin", "--anonymous"], environment: environment).status == 0)
        #expect(access(home + "/.local/state/fauth/sessions/default.json", F_OK) == 0)
    }

    @Test func signupChecksTheSessionCanBeWrittenBeforeMakingTheAccount() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let folder = sandbox.root.appendingPathComponent("a-folder").path
        #expect(mkdir(folder, 0o700) == 0)
        let arguments = ["signup", "--json", "--email", "first@example.com", "--password-stdin"]
        Self.expectRefusal(
            try sandbox.guardedRun(arguments, stdin: "secret-pass-1", environment: ["FAUTH_SESSION": folder]),
            "is a folder")
        #expect(emulator.requestCount("accounts:signUp") == 0)
        // So the retry with a usable session path creates the account, instead of meeting email-already-in-use.
        let retry = try sandbox.guardedRun(arguments, stdin: "secret-pass-1")
        #expect(retry.status == 0, "\(retry.stderr)")
    }

    @Test func noProfileCanBeTakenForAnotherProfilesTemporaryFile() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        // Profile ".a.json.tmp-1" has the file ".a.json.tmp-1.json", which looks like a temporary file of profile "a".
        let odd = ".a.json.tmp-1"
        #expect(try sandbox.guardedRun(["signin", "--anonymous", "--profile", odd]).status == 0)
        let bytes = try #require(sandbox.sessionBytes(profile: odd))
        #expect(try sandbox.guardedRun(["signin", "--anonymous", "--profile", "a"]).status == 0)
        #expect(sandbox.sessionBytes(profile: odd) == bytes, "profile a's clean-up removed another profile's session")
        #expect(try sandbox.guardedRun(["status", "--profile", odd]).status == 0)
    }
}
