import Foundation
import Glibc
import Testing

/// What fauth must not do to a path it refuses as a session file (found by a hostile sweep of the release build):
/// remove it on `signout`, make folders through a link or in a folder others can write, make an account before it
/// holds the session's lock, or replace another user's file.
@Suite struct SessionPathRefusalTests {
    /// A Unix socket bound at `path`, left in place (its descriptor closed).
    private static func bindSocket(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0, "bind \(path)")
    }

    @Test func signoutRemovesOnlyARegularFileOfTheUsers() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let folder = sandbox.root.appendingPathComponent("odd").path
        #expect(mkdir(folder, 0o700) == 0)
        let target = folder + "/target.txt"
        #expect(FileManager.default.createFile(atPath: target, contents: Data("kept".utf8)))
        var odd: [(path: String, phrase: String)] = [
            (folder + "/fifo.json", "is a FIFO"), (folder + "/link.json", "is a symbolic link"),
            (folder + "/socket.json", "is a socket"), (folder + "/folder.json", "is a folder"),
        ]
        #expect(mkfifo(odd[0].path, 0o600) == 0 && symlink(target, odd[1].path) == 0 && mkdir(odd[3].path, 0o700) == 0)
        try Self.bindSocket(at: odd[2].path)
        // A device node needs root (1, 3: the null device); as root, fauth once removed /dev/null this way.
        if geteuid() == 0 {
            odd.append((folder + "/null.json", "is a device"))
            #expect(mknod(odd[4].path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
        }
        for (path, phrase) in odd {
            for command in [["signout"], ["status"]] {
                SessionStoreTrustTests.expectRefusal(
                    try sandbox.guardedRun(["--session", path, "--json"] + command), phrase, path)
            }
            var info = stat()
            #expect(lstat(path, &info) == 0, "signout removed \(path)")
            #expect(access(path + ".lock", F_OK) != 0, "a lock file was made beside \(path)")
        }
        #expect(FileManager.default.contents(atPath: target) == Data("kept".utf8))
        SessionStoreTrustTests.expectRefusal(
            try sandbox.guardedRun(["--session", folder + "/", "signout", "--json"]), "is a folder")
    }

    @Test func signoutAllSignsOutEveryProfileItCanAndLeavesWhatIsNotAProfilesFile() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        for profile in ["c", "home", "work"] {
            #expect(try sandbox.guardedRun(["signin", "--anonymous", "--profile", profile]).status == 0)
        }
        let folder = SessionStoreTrustTests.sessionsFolder(sandbox)
        #expect(mkdir(folder + "/a.json", 0o700) == 0 && mkfifo(folder + "/b.json", 0o600) == 0)
        // Entries named like profiles that are not regular files stay, and do not stop the others.
        let all = try sandbox.guardedRun(["signout", "--all", "--json"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(
            all.json["removed"]?.array?.compactMap(\.string)
                == ["c", "home", "work"].map { sandbox.sessionPath(profile: $0) })
        #expect(access(folder + "/a.json", F_OK) == 0 && access(folder + "/b.json", F_OK) == 0)
        #expect(access(folder + "/b.json.lock", F_OK) != 0, "a lock file was made beside a FIFO")
        // A profile that cannot be signed out (its lock is a FIFO) is named after the others were signed out.
        for profile in ["c", "home", "work"] {
            #expect(try sandbox.guardedRun(["signin", "--anonymous", "--profile", profile]).status == 0)
        }
        let lock = sandbox.sessionPath(profile: "c") + ".lock"
        #expect(unlink(lock) == 0 && mkfifo(lock, 0o600) == 0)
        let partial = try sandbox.guardedRun(["signout", "--all", "--json"])
        SessionStoreTrustTests.expectRefusal(partial, "Signed out 2 profile(s), but not all", lock, "is a FIFO")
        #expect(sandbox.sessionBytes(profile: "c") != nil)
        #expect(sandbox.sessionBytes(profile: "home") == nil && sandbox.sessionBytes(profile: "work") == nil)
    }

    @Test func signinAndSignupHoldTheLockFromBeforeTheirRequest() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let signup = ["signup", "--json", "--email", "held@example.com", "--password-stdin"]
        // A lock that cannot be had: nothing is sent, so the retry does not meet email-already-in-use.
        let lock = sandbox.sessionPath() + ".lock"
        #expect(
            try sandbox.guardedRun(["signin", "--anonymous"]).status == 0 && unlink(lock) == 0
                && mkdir(lock, 0o700) == 0)
        try expectSessionUnchanged(sandbox) {
            SessionStoreTrustTests.expectRefusal(
                try sandbox.guardedRun(signup, stdin: "secret-pass-1"), "Cannot lock", "Is a directory")
        }
        // A name whose temporary file would be too long for the folder: refused before the account exists.
        let long = sandbox.root.appendingPathComponent(String(repeating: "a", count: 240) + ".json").path
        SessionStoreTrustTests.expectRefusal(
            try sandbox.guardedRun(signup, stdin: "secret-pass-1", environment: ["FAUTH_SESSION": long]),
            "name too long")
        #expect(
            emulator.requestCount("accounts:signUp") == 1, "an account was made for a session that cannot be written")
        #expect(rmdir(lock) == 0)
        #expect(try sandbox.guardedRun(signup, stdin: "secret-pass-1").status == 0)

        // While the sign-in's request is at the server, its lock is held.
        emulator.inject(route: "accounts:signInWithPassword", ["delayMs": 4000])
        let signin = try sandbox.start(
            ["signin", "--email", "held@example.com", "--password-stdin"], stdin: "secret-pass-1")
        let deadline = Date().addingTimeInterval(20)
        while emulator.requestCount("accounts:signInWithPassword") == 0 && Date() < deadline { usleep(10_000) }
        try #require(emulator.requestCount("accounts:signInWithPassword") == 1, "the sign-in never reached the server")
        let descriptor = open(lock, O_RDWR | O_CLOEXEC)
        defer { close(descriptor) }
        #expect(
            descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK,
            "the session's lock was free while signin waited for the server")
        #expect(try signin.waitForExit() == 0)
    }

    @Test(.enabled(if: geteuid() == 0, "giving a file to another user needs root"))
    func signinAndSignupRefuseAnotherUsersSessionFile() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.guardedRun(["signin", "--anonymous"]).status == 0)
        #expect(chown(sandbox.sessionPath(), 4242, 4242) == 0)
        try expectSessionUnchanged(sandbox) {
            for command in [["signin", "--anonymous"], ["signout"], ["status"]] {
                SessionStoreTrustTests.expectRefusal(
                    try sandbox.guardedRun(command + ["--json"]), "owned by another user (uid 4242)")
            }
        }
        #expect(emulator.requestCount("accounts:signUp") == 1)
    }

    @Test func noFolderIsMadeThroughALinkOrInAFolderOthersCanWrite() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let real = sandbox.root.appendingPathComponent("real").path
        let link = sandbox.root.appendingPathComponent("via-link").path
        let open = sandbox.root.appendingPathComponent("open").path
        #expect(
            mkdir(real, 0o700) == 0 && symlink(real, link) == 0 && mkdir(open, 0o700) == 0 && chmod(open, 0o777) == 0)
        SessionStoreTrustTests.expectRefusal(
            try sandbox.guardedRun(["signin", "--anonymous", "--json"], environment: ["XDG_STATE_HOME": link]),
            "is a symbolic link")
        SessionStoreTrustTests.expectRefusal(
            try sandbox.guardedRun(["signin", "--anonymous", "--json"], environment: ["XDG_STATE_HOME": open]),
            "writable by group or others")
        #expect(try FileManager.default.contentsOfDirectory(atPath: real).isEmpty, "a folder was made through the link")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: open).isEmpty,
            "a folder was made in a folder others can write")
        // A session path that names a folder makes none.
        let slash = sandbox.root.appendingPathComponent("x.json").path + "/"
        SessionStoreTrustTests.expectRefusal(
            try sandbox.guardedRun(["--session", slash, "signin", "--anonymous", "--json"]), "names a folder")
        #expect(access(slash, F_OK) != 0, "the folder the session path names was made")
        #expect(emulator.requestCount("accounts:signUp") == 0)
    }
}
