import FauthJSON
import Foundation
import Testing

/// `providers`, `token`, `status` and `signout`, and what each does without a session.
@Suite struct SessionCommandTests {
    @Test func providersListsTheLinkedProviders() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("prov@example.com")
        let run = try sandbox.run(["providers", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json.array?.count == 1)
        #expect(run.json.array?.first?["providerId"] == "password")
        #expect(run.json.array?.first?["email"] == "prov@example.com")
        #expect(
            run.json.array?.first?.object?.keys == [
                "providerId", "uid", "email", "displayName", "photoURL", "phoneNumber",
            ])
    }

    @Test func providersAndStatusLeaveAnUnchangedSessionFileAlone() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("still@example.com")
        let inode = {
            try FileManager.default.attributesOfItem(atPath: sandbox.sessionPath())[.systemFileNumber] as? Int
        }
        let before = try inode()
        #expect(before != nil)
        #expect(try sandbox.run(["providers"]).status == 0)
        #expect(try sandbox.run(["status"]).status == 0)
        #expect(try inode() == before, "the session file was replaced though the lookups changed nothing")
    }

    @Test func providersByEmailNeedsNoSession() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("methods@example.com")
        try sandbox.run(["signout"])
        let run = try sandbox.run(["providers", "--json", "--email", "methods@example.com"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json == [["providerId": "password"]])
        #expect(try sandbox.run(["providers", "--json", "--email", "unknown@example.com"]).json == [])
    }

    @Test func tokenPrintsTheBareIDTokenAndRefreshesOnlyWhenForced() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("token@example.com")
        let cached = try sandbox.run(["token"])
        #expect(cached.status == 0)
        #expect(cached.stdout == (sandbox.session()?["idToken"]?.string ?? "?") + "\n")
        #expect(emulator.requestCount("token") == 0)
        let forced = try sandbox.run(["token", "--force-refresh", "--json"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(emulator.requestCount("token") == 1)
        #expect(forced.json.object?.keys == ["idToken", "expiresAt", "sessionFile"])
        #expect(sandbox.session()?["idToken"] == forced.json["idToken"])
    }

    @Test func aCachedTokenNeedsNeitherTheLockNorTheServer() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("cached@example.com")
        let lock = open(sandbox.sessionPath() + ".lock", O_RDWR | O_CLOEXEC)
        #expect(lock >= 0)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        // A request would go to a host that does not exist, through libcurl, which LD_DEBUG=files would list.
        try sandbox.rebindSession([
            "apiKey": .null, "emulatorHost": "fauth-test.invalid:1", "tenantId": .null, "projectId": "demo-fauth",
        ])
        sandbox.environment["FIREBASE_AUTH_EMULATOR_HOST"] = nil
        let run = try sandbox.run(["token"], environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == (sandbox.session()?["idToken"]?.string ?? "?") + "\n")
        #expect(!run.stderr.contains("libcurl"))
    }

    @Test func anExpiringTokenIsRefreshed() throws {
        let emulator = try RunningEmulator()
        emulator.configure(["fauth": ["idTokenLifetimeSeconds": 120]])
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("short@example.com")
        let first = try sandbox.run(["token"])
        #expect(first.status == 0)
        #expect(emulator.requestCount("token") == 1)
    }

    @Test func statusShowsTheUserAndTheProfile() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("status@example.com", profile: "work")
        let run = try sandbox.run(["status", "--json", "--profile", "work"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["signedIn"] == true)
        #expect(run.json["profile"] == "work")
        #expect(run.json["user"]?["email"] == "status@example.com")
    }

    @Test(arguments: [["providers"], ["token"], ["status"], ["unlink", "password"], ["reauth", "--password-stdin"]])
    func commandsThatNeedASessionSaySignInFirst(arguments: [String]) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let run = try sandbox.run(arguments + ["--json"], stdin: "secret-pass-1")
        expectFailure(run, status: 4, code: "not-signed-in")
        #expect(run.error["action"] == "signin")
    }

    @Test func aDeletedUsersSessionIsClearedAndReportedWithTheServersCode() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("gone@example.com")
        emulator.call("DELETE", "/emulator/v1/projects/\(emulator.projectId)/accounts")
        let run = try sandbox.run(["status", "--json"])
        expectFailure(run, status: 6, code: "user-not-found")
        #expect(run.error["server"]?["message"] == "USER_NOT_FOUND")
        #expect(sandbox.sessionBytes() == nil)
        expectFailure(try sandbox.run(["token", "--json"]), status: 4, code: "not-signed-in")
    }

    @Test func signOutForgetsOneProfileOrAll() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("one@example.com")
        try sandbox.signUp("two@example.com", profile: "second")
        #expect(try sandbox.run(["signout"]).status == 0)
        #expect(sandbox.sessionBytes() == nil)
        #expect(sandbox.sessionBytes(profile: "second") != nil)
        #expect(try sandbox.run(["signout"]).status == 0, "signing out when signed out succeeds")
        let all = try sandbox.run(["signout", "--all", "--json"])
        #expect(all.status == 0)
        #expect(all.json["removed"]?.array?.count == 1)
        #expect(sandbox.sessionBytes(profile: "second") == nil)
    }

    @Test func signOutListsAPendingSecondFactorStepItRemoves() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try SecondFactorTests.signUpUserWithAPhoneFactor(sandbox, on: emulator)
        for profile in ["default", "other"] {
            let stopped = try sandbox.run(
                ["signin", "--json", "--profile", profile, "--email", "mfa@example.com", "--password-stdin"],
                stdin: "secret-pass-1")
            expectFailure(stopped, status: 9, code: "second-factor-required")
        }
        let pending = sandbox.sessionPath(profile: "default") + ".mfa-pending"
        #expect(FileManager.default.fileExists(atPath: pending))
        let text = try sandbox.run(["signout"])
        #expect(text.status == 0)
        #expect(text.stdout == "Signed out (removed \(pending))\n", "\(text.stdout)")
        #expect(!FileManager.default.fileExists(atPath: pending))
        let all = try sandbox.run(["signout", "--all", "--json"])
        #expect(
            all.json["removed"]?.array?.compactMap(\.string) == [
                sandbox.sessionPath(profile: "other") + ".mfa-pending"
            ], "\(all.stdout)")
    }

    @Test func signOutAllNeverTouchesTheFolderOfAChosenSessionFile() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let chosen = sandbox.root.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: chosen, withIntermediateDirectories: true)
        let bystander = chosen.appendingPathComponent("notes.json")
        try Data("{}".utf8).write(to: bystander)
        let session = chosen.appendingPathComponent("work.json").path
        #expect(try sandbox.run(["signin", "--anonymous", "--session", session]).status == 0)
        expectFailure(try sandbox.run(["signout", "--all", "--json", "--session", session]), status: 2, code: "usage")
        expectFailure(
            try sandbox.run(["signout", "--all", "--json"], environment: ["FAUTH_SESSION": session]), status: 2,
            code: "usage")
        #expect(FileManager.default.fileExists(atPath: bystander.path))
        #expect(FileManager.default.fileExists(atPath: session))
        #expect(try sandbox.run(["signout", "--session", session]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: session))
        #expect(FileManager.default.fileExists(atPath: bystander.path))
    }
}
