import FauthJSON
import FauthTestSupport
import Foundation
import Glibc
import Testing

/// The keyring beyond the session's tokens, against a real gnome-keyring-daemon checked with secret-tool: the pending
/// second-factor secrets in items of their own (never in the pending files), removed when the step finishes or the
/// profile signs out; `signout --all` removing every item of its sessions folder, orphans too, and no other folder's;
/// and the one budget all the keyring calls of a command share.
@Suite struct KeyringSecondFactorAndSignOutTests {
    /// The pending file of `suffix` beside the default profile's session, as JSON and as text.
    private func pendingFile(_ sandbox: FauthSandbox, _ suffix: String) throws -> (json: JSONValue, text: String) {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sandbox.sessionPath() + suffix))
        return (try JSONValue.parse(Array(bytes)), String(decoding: bytes, as: UTF8.self))
    }

    /// The one item of `kind`: its attributes, label and secret (parsed).
    private func item(_ bus: SecretServiceBus, kind: String) throws -> (item: [String: String], secret: JSONValue) {
        let items = try bus.items(["application": "fauth", "kind": kind])
        try #require(items.count == 1, "\(kind): \(items)")
        return (items[0], try JSONValue.parse(Array((items[0]["secret"] ?? "").utf8)))
    }

    @Test func thePendingSecondFactorSecretsLiveInTheKeyringNotInThePendingFiles() throws {
        let (bus, emulator, sandbox) = try SecretServiceBus.keyringSandbox()
        let (_, _, phoneId) = try SecondFactorFlowTests.enrolledUser(emulator, sandbox)
        #expect(try bus.items(["application": "fauth", "kind": "mfa-enrollment"]).isEmpty, "removed on success")

        // A sign-in stopped at its second factor: the pending credential is the item's, the file names it.
        let stopped = try sandbox.run(
            ["signin", "--json", "--email", SecondFactorFlowTests.email, "--password-stdin"], stdin: "secret-pass-1")
        #expect(stopped.status == 9, "\(stopped.stderr)")
        var (file, text) = try pendingFile(sandbox, ".mfa-pending")
        #expect(file["version"] == 2 && file["secrets"] == ["store": "keyring", "slot": "a"], "\(text)")
        #expect(file["pendingCredential"] == nil && file["sessionInfo"] == nil)
        var (pendingItem, secret) = try item(bus, kind: "mfa-pending")
        let credential = try #require(secret["pendingCredential"]?.string)
        #expect(!credential.isEmpty && !text.contains(credential))
        #expect(pendingItem["session"] == sandbox.sessionPath() && pendingItem["slot"] == "a")
        #expect(
            pendingItem["label"] == "fauth pending second factor of \(SecondFactorFlowTests.email) "
                + "(\(sandbox.sessionPath()))")
        for (name, value) in pendingItem where name != "secret" { #expect(!value.contains(credential)) }
        #expect(sandbox.permissions(of: sandbox.sessionPath() + ".mfa-pending") == 0o600)

        // The SMS step adds its session info: the other slot, the first removed.
        let sent = try sandbox.run(["mfa", "verify", "--json", "--factor", phoneId])
        #expect(sent.status == 0, "\(sent.stderr)")
        (file, text) = try pendingFile(sandbox, ".mfa-pending")
        #expect(file["secrets"]?["slot"] == "b" && file["sessionInfo"] == nil, "\(text)")
        (pendingItem, secret) = try item(bus, kind: "mfa-pending")
        let sessionInfo = try #require(secret["sessionInfo"]?.string)
        #expect(pendingItem["slot"] == "b" && secret["pendingCredential"]?.string == credential)
        #expect(!text.contains(sessionInfo) && !text.contains(credential))

        let code = try #require(SecondFactorFlowTests.smsCode(emulator, phone: "+15555550100"))
        let done = try sandbox.run(["mfa", "verify", "--code", code])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath() + ".mfa-pending"))
        #expect(try bus.items(["application": "fauth", "kind": "mfa-pending"]).isEmpty)
        #expect(try bus.items(["application": "fauth", "kind": "session"]).count == 1)

        // A started enrollment: its session info is the item's; signout removes it with the session's.
        let started = try sandbox.run(["mfa", "enroll", "--phone", "+15555550199", "--json"])
        #expect(started.status == 0, "\(started.stderr)")
        (file, text) = try pendingFile(sandbox, ".mfa-enrollment")
        #expect(file["version"] == 2 && file["sessionInfo"] == nil, "\(text)")
        let enrollment = try item(bus, kind: "mfa-enrollment")
        let enrollmentInfo = try #require(enrollment.secret["sessionInfo"]?.string)
        #expect(!text.contains(enrollmentInfo))
        let signOut = try sandbox.run(["signout", "--json"])
        #expect(signOut.status == 0, "\(signOut.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath() + ".mfa-enrollment"))
        #expect(try bus.items(["application": "fauth"]).isEmpty)
    }

    @Test func signOutAllRemovesEveryItemOfItsFolderOrphansTooAndNoOtherFolders() throws {
        let bus = try SecretServiceBus(.gnomeKeyring)
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let other = try FauthSandbox(emulator: emulator)
        for box in [sandbox, other] {
            box.environment.merge(bus.fauthEnvironment) { $1 }
            box.environment["FAUTH_STORAGE"] = "keyring"
        }
        for profile in ["one", "two", "gone"] {
            #expect(try sandbox.signUp("\(profile)@example.com", profile: profile).status == 0)
        }
        #expect(try other.signUp("other@example.com").status == 0)
        let folder = (sandbox.sessionPath() as NSString).deletingLastPathComponent
        #expect(try bus.items(["application": "fauth", "folder": folder]).count == 3)
        // The file of "gone" deleted by hand: its item is an orphan no profile's sign-out would find.
        #expect(unlink(sandbox.sessionPath(profile: "gone")) == 0)

        let run = try sandbox.run(["signout", "--all", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try bus.items(["application": "fauth", "folder": folder]).isEmpty)
        let left = try bus.items(["application": "fauth"])
        #expect(left.map { $0["session"] } == [other.sessionPath()], "another folder's item stays")
        #expect(try other.run(["token"]).status == 0)
    }

    /// A Secret Service that passes the check slowly (0.9 s an answer), then never answers: the check before the
    /// request and the store after it share one `--timeout` (6 s), so the command ends within it and 2 s (room for a
    /// loaded machine), not within two: the checks take seconds of it, which a store with a timeout of its own would
    /// add to its 6 s.
    @Test func theKeyringCallsOfACommandShareOneTimeout() throws {
        let bus = try SecretServiceBus(.slow(0.9))
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("budget@example.com").status == 0)  // no bus: a file session
        sandbox.environment.merge(bus.fauthEnvironment) { $1 }
        let before = sandbox.sessionBytes()
        let started = Date()
        let run = try sandbox.run(["token", "--json", "--force-refresh", "--storage", "keyring", "--timeout", "6"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 12 && run.errorCode == "keychain-error", "\(run.stderr)")
        #expect(run.error["message"]?.string?.contains("did not answer within") == true, "\(run.stderr)")
        #expect(elapsed < 8, "\(elapsed) s for --timeout 6")
        #expect(sandbox.sessionBytes() == before, "a failed command leaves the session as it was")
    }

    /// A locked collection: a person at a terminal (stdin and stderr both terminals, no --no-input) is told to unlock
    /// it in the Secret Service's prompt, which fauth asks for and waits on within --timeout; here no prompter runs
    /// on the test's bus, so the command still ends with keychain-error (exit 12), within --timeout and a few seconds
    /// (room for a loaded machine; a wait on the prompt without that bound would last until the run is killed).
    /// With --no-input, or without a terminal, the lock is reported at once and no prompt is asked for.
    @Test func aLockedKeyringIsUnlockedThroughItsPromptOnlyForAPersonAtATerminal() throws {
        let (bus, emulator, sandbox) = try SecretServiceBus.keyringSandbox()
        defer { withExtendedLifetime(emulator) {} }
        #expect(try sandbox.signUp("prompt@example.com").status == 0)
        try bus.lockCollections()
        for extra in [[], ["--no-input"]] {
            let terminal = try PseudoTerminal()
            let started = Date()
            let process = try SpawnedProcess(
                path: BuiltBinaries.fauth.path,
                rawArguments: (["token", "--timeout", "3"] + extra).map { Array($0.utf8) },
                environment: sandbox.environment, controllingTerminal: terminal.slavePath, errorOnTerminal: true)
            let status = try process.waitForExit(within: 30)
            let elapsed = Date().timeIntervalSince(started)
            let shown = terminal.read(within: 1)
            #expect(status == 12, "\(extra): \(shown)")
            #expect(shown.contains("keychain-error") && shown.contains("locked"), "\(extra): \(shown)")
            #expect(shown.contains("unlock it in the prompt") == extra.isEmpty, "\(extra): \(shown)")
            // The Secret Service was asked: with no prompter on this bus, its prompt comes back dismissed.
            #expect(shown.contains("the unlock prompt was dismissed") == extra.isEmpty, "\(extra): \(shown)")
            #expect(elapsed < 8, "\(extra): \(elapsed) s for --timeout 3")
        }
        let piped = try sandbox.run(["token", "--timeout", "3"])
        #expect(piped.status == 12 && !piped.stderr.contains("unlock it in the prompt"), "\(piped.stderr)")
    }
}
