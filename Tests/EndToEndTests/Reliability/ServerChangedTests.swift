import FauthJSON
import Foundation
import Glibc
import Testing

/// Issue 26, items 2 and 3: a command that changed the server (an account created, linked, updated, a factor
/// enrolled or removed, a provider unlinked, an account deleted) and then failed locally says so, `server-changed`
/// (not retryable, exit 4), with `"serverChanged": true` and the command that recovers; it never advises running the
/// same command again. A full disk is found before an account is created.
@Suite(.serialized) struct ServerChangedTests {
    /// Checks the server-changed failure of `run`: its code, JSON member, and the recovery its message names.
    func expectServerChanged(_ run: FauthRun, recovery: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectFailure(run, status: 4, code: "server-changed", sourceLocation: sourceLocation)
        #expect(run.error["serverChanged"] == true, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.error["retryable"] == false, sourceLocation: sourceLocation)
        let message = run.error["message"]?.string ?? ""
        #expect(message.contains(recovery), "recovery \(recovery) not in: \(message)", sourceLocation: sourceLocation)
        #expect(
            !message.lowercased().contains("retry") && !message.contains("try again"), "\(message)",
            sourceLocation: sourceLocation)
    }

    /// Makes every `accounts:lookup` fail (503) for a while: the call after the change fails.
    func failLookups(_ emulator: RunningEmulator) {
        emulator.inject(
            route: "accounts:lookup", times: 20,
            ["status": 503, "body": "unavailable", "contentType": "text/plain"])
    }

    /// Issue 26's "better still": `signup` and `signin --anonymous` whose account was created but whose lookup
    /// fails for a while succeed with a warning, the session saved from the sign-up's answer; `fauth status` then
    /// reads the profile. No orphan account is left.
    @Test(arguments: [["signup", "--email", "new@example.com", "--password-stdin"], ["signin", "--anonymous"]])
    func aCreatedAccountWhoseLookupFailsIsKeptWithAWarning(_ command: [String]) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        failLookups(emulator)
        let run = try sandbox.run(command + ["--json", "--timeout", "10"], stdin: "secret-pass-1")
        #expect(run.status == 0, "\(run.stderr)")
        let uid = try #require(run.json["user"]?["uid"]?.string, "\(run.stdout)")
        let warning = run.json["warnings"]?.array?.first
        #expect(
            warning?["code"]?.string != nil && warning?["message"]?.string?.contains("fauth status") == true,
            "\(run.stdout)")
        #expect(emulator.accountCount() == 1)
        let session = try #require(sandbox.session())
        #expect(session["user"]?["uid"]?.string == uid)
        #expect(jwtPayload(session["idToken"]?.string ?? "")?["user_id"]?.string == uid)
        #expect(session["user"]?["email"]?.string == (command[0] == "signup" ? "new@example.com" : nil))
        emulator.call("DELETE", "/emulator/v1/projects/\(emulator.projectId)/faults")
        let status = try sandbox.run(["status", "--json"])
        #expect(status.status == 0 && status.json["user"]?["uid"]?.string == uid, "\(status.stderr)")
    }

    /// The session cannot be saved either (a folder stands at its path once the delayed sign-up is underway): the
    /// account was created and nothing kept it, so `server-changed`, naming the command that signs in to it.
    @Test func signupWhoseSessionCannotBeSavedSaysTheAccountExistsAndHowToSignIn() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        emulator.inject(route: "accounts:signUp", ["delayMs": 4000])
        let process = try sandbox.start(
            [
                "signup", "--json", "--timeout", "20", "--email", "new@example.com",
                "--password-stdin",
            ], stdin: "secret-pass-1")
        let deadline = Date().addingTimeInterval(60)
        while emulator.requestCount("accounts:signUp") == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        failLookups(emulator)
        #expect(mkdir(sandbox.sessionPath(), 0o700) == 0)
        let run = try FauthRun(finished: process, within: 60)
        expectServerChanged(run, recovery: "fauth signin --email new@example.com")
        #expect(run.error["accountCreated"] == true)
        #expect(emulator.accountCount() == 1)
    }

    @Test func linkWhoseLookupFailsSaysTheAccountChanged() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.run(["signin", "--anonymous"]).status == 0)
        let before = try #require(sandbox.sessionBytes())
        failLookups(emulator)
        let run = try sandbox.run(
            ["link", "--json", "--timeout", "10", "--email", "up@example.com", "--password-stdin"],
            stdin: "secret-pass-1")
        expectServerChanged(run, recovery: "fauth status")
        #expect(sandbox.sessionBytes() == before)
    }

    @Test func updateWhoseLookupFailsSaysTheAccountChanged() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("upd@example.com").status == 0)
        failLookups(emulator)
        let run = try sandbox.run(["update", "--json", "--timeout", "10", "--display-name", "Pat"])
        expectServerChanged(run, recovery: "fauth status")
    }

    @Test func mfaEnrollWhoseLookupFailsSaysTheFactorWasEnrolled() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let created = try sandbox.signUp("mfa@example.com")
        let uid = try #require(created.json["user"]?["uid"]?.string)
        emulator.call(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId)/accounts:update",
            body: ["localId": .string(uid), "emailVerified": true], bearerOwner: true)
        #expect(try sandbox.run(["mfa", "enroll", "--phone", "+15555550100"]).status == 0)
        let code = try #require(SecondFactorFlowTests.smsCode(emulator, phone: "+15555550100"))
        failLookups(emulator)
        let run = try sandbox.run(["mfa", "enroll", "--json", "--timeout", "10", "--code-stdin"], stdin: code + "\n")
        expectServerChanged(run, recovery: "fauth status")
    }

    /// A first sign-in with a provider creates the account; its lookup fails: the message names the provider's
    /// `fauth signin` and the JSON says an account was created.
    @Test func firstProviderSignInWhoseLookupFailsSaysTheAccountWasCreated() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        failLookups(emulator)
        let token = FederatedCredentialTests.claims("sub-first", email: "first@example.com", verified: true)
        let run = try sandbox.run([
            "signin", "--json", "--timeout", "10", "--provider", "google.com",
            "--id-token", token,
        ])
        expectServerChanged(run, recovery: "fauth signin --provider google.com")
        #expect(run.error["accountCreated"] == true)
        #expect(emulator.accountCount() == 1)
        #expect(sandbox.sessionBytes() == nil)
    }

    /// Unlink removes the provider (its answer has no new tokens, so no lookup follows), then the session cannot be
    /// written (the file is swapped for a folder while the request is delayed): the account changed, `fauth status`.
    @Test func unlinkWhoseSessionCannotBeWrittenSaysTheAccountChanged() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("unlink@example.com").status == 0)
        let google = FederatedCredentialTests.claims("sub-unlink")
        #expect(try sandbox.run(["link", "--provider", "google.com", "--id-token", google]).status == 0)
        let updates = emulator.requestCount("accounts:update")
        emulator.inject(route: "accounts:update", ["delayMs": 4000])
        let process = try sandbox.start(["unlink", "google.com", "--json", "--timeout", "20"])
        let deadline = Date().addingTimeInterval(60)
        while emulator.requestCount("accounts:update") == updates && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let session = sandbox.sessionPath()
        #expect(rename(session, session + ".old") == 0 && mkdir(session, 0o700) == 0)
        let run = try FauthRun(finished: process, within: 60)
        expectServerChanged(run, recovery: "fauth status")
        #expect(rmdir(session) == 0 && rename(session + ".old", session) == 0)
        let providers = try sandbox.run(["providers", "--json"]).json.array?.compactMap { $0["providerId"]?.string }
        #expect(providers == ["password"], "the server did not unlink: \(providers ?? [])")
    }

    /// Unenrolling a factor withdraws it, then the lookup with the new tokens fails.
    @Test func mfaUnenrollWhoseLookupFailsSaysTheFactorWasRemoved() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let created = try sandbox.signUp("unenroll@example.com")
        let uid = try #require(created.json["user"]?["uid"]?.string)
        emulator.call(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId)/accounts:update",
            body: ["localId": .string(uid), "emailVerified": true], bearerOwner: true)
        #expect(try sandbox.run(["mfa", "enroll", "--phone", "+15555550101"]).status == 0)
        let code = try #require(SecondFactorFlowTests.smsCode(emulator, phone: "+15555550101"))
        #expect(try sandbox.run(["mfa", "enroll", "--code-stdin"], stdin: code + "\n").status == 0)
        let factors = try sandbox.run(["mfa", "list", "--json"]).json
        let id = try #require((factors.array ?? factors["factors"]?.array)?.first?["uid"]?.string, "\(factors)")
        let before = try #require(sandbox.sessionBytes())
        failLookups(emulator)
        let run = try sandbox.run(["mfa", "unenroll", id, "--json", "--timeout", "10"])
        expectServerChanged(run, recovery: "fauth status")
        #expect(sandbox.sessionBytes() == before)
    }

    /// The account is deleted, then the session's lock cannot be opened again to remove the session (the lock file
    /// is swapped for a folder while the delete request is delayed): `server-changed`, naming `fauth signout`.
    @Test func deleteWhoseSessionCannotBeRemovedSaysTheAccountIsGone() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("gone@example.com").status == 0)
        emulator.inject(route: "accounts:delete", ["delayMs": 4000])
        let process = try sandbox.start(["delete", "--yes", "--json", "--timeout", "20"])
        let deadline = Date().addingTimeInterval(60)
        while emulator.requestCount("accounts:delete") == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let lock = sandbox.sessionPath() + ".lock"
        #expect(rename(lock, lock + ".old") == 0 && mkdir(lock, 0o700) == 0)
        let run = try FauthRun(finished: process, within: 60)
        expectServerChanged(run, recovery: "fauth signout")
        #expect(emulator.accountCount() == 0)
    }

    /// A full disk (a small tmpfs, filled) is found before the account is created: `session-store-error`, and no
    /// account on the server. Needs root to mount the tmpfs (CI runs as root).
    @Test(.enabled(if: geteuid() == 0)) func aFullDiskFailsSignupBeforeTheAccountIsCreated() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let mountPoint = sandbox.root.appendingPathComponent("full").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try #require(Self.shell("mount -t tmpfs -o size=64k,mode=0700 tmpfs '\(mountPoint)'") == 0)
        defer { _ = Self.shell("umount '\(mountPoint)'") }
        _ = Self.shell("cat /dev/zero > '\(mountPoint)/filler' 2>/dev/null")
        let session = mountPoint + "/session.json"
        for command in [["signup", "--email", "full@example.com", "--password-stdin"], ["signin", "--anonymous"]] {
            let run = try sandbox.run(command + ["--json", "--session", session], stdin: "secret-pass-1")
            expectFailure(run, status: 12, code: "session-store-error")
            #expect(run.error["message"]?.string?.contains("No space left") == true, "\(run.stderr)")
            #expect(emulator.accountCount() == 0, "\(command[0]) created an account on a full disk")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: mountPoint)
        #expect(left.filter { $0 != "filler" && !$0.hasSuffix(".lock") } == [], "left behind: \(left)")
    }

    /// Runs `script` with /bin/sh and returns its exit status.
    static func shell(_ script: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
