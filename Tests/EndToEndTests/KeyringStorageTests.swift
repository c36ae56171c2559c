import FauthJSON
import Foundation
import Glibc
import Testing

/// `--storage`: the session's tokens in a real Secret Service (gnome-keyring-daemon on a private bus each test starts),
/// checked with an independent client (secret-tool); the documented `keychain-error` (exit 12) before any request
/// when it is missing, locked or silent; `auto` with and without one; migration both ways; the guarantees.
@Suite struct KeyringStorageTests {
    /// The tokens' members of a session file, which a keyring session's file must not have.
    static let tokenMembers = ["idToken", "refreshToken"]

    @Test func aKeyringSessionKeepsItsTokensInTheSecretServiceAndNoneInTheFile() throws {
        let bus = try SecretServiceBus(.gnomeKeyring)
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        sandbox.environment.merge(bus.fauthEnvironment) { $1 }
        let signUp = try sandbox.run(
            ["signup", "--json", "--storage", "keyring", "--email", "kr@example.com", "--password-stdin"],
            stdin: "secret-pass-1\n")
        #expect(signUp.status == 0, "\(signUp.stderr)")
        let file = try #require(sandbox.session())
        #expect(file["version"] == 2)
        #expect(file["secrets"] == ["store": "keyring", "slot": "a"])
        for member in Self.tokenMembers { #expect(file[member] == nil) }
        #expect(sandbox.permissions(of: sandbox.sessionPath()) == 0o600)

        let items = try bus.items(["application": "fauth"])
        try #require(items.count == 1, "\(items)")
        let item = items[0]
        #expect(item["kind"] == "session")
        #expect(item["profile"] == "default")
        #expect(item["session"] == sandbox.sessionPath())
        #expect(item["slot"] == "a")
        #expect(item["backend"]?.contains("the emulator at \(emulator.host)") == true, "\(item)")
        #expect(item["label"] == "fauth session of kr@example.com (\(sandbox.sessionPath()))")
        let secret = try JSONValue.parse(Array((item["secret"] ?? "").utf8))
        let token = try sandbox.run(["token"])
        #expect(token.status == 0, "\(token.stderr)")
        #expect(secret["idToken"]?.string == token.stdout.trimmingCharacters(in: .newlines))
        let refreshToken = try #require(secret["refreshToken"]?.string)
        let fileText = String(decoding: try #require(sandbox.sessionBytes()), as: UTF8.self)
        #expect(!fileText.contains(refreshToken) && !fileText.contains(secret["idToken"]?.string ?? "-"))
        for (name, value) in item where name != "secret" { #expect(!value.contains(refreshToken)) }

        let status = try sandbox.run(["status", "--json"])
        #expect(status.json["storage"] == ["backend": "keyring"], "\(status.stdout)\(status.stderr)")

        // A write (a forced refresh) fills the other slot, names it, and removes the first.
        #expect(try sandbox.run(["token", "--force-refresh"]).status == 0)
        #expect(sandbox.session()?["secrets"]?["slot"] == "b")
        #expect(try bus.items(["application": "fauth"]).map { $0["slot"] } == ["b"])

        let signOut = try sandbox.run(["signout", "--json"])
        #expect(signOut.status == 0, "\(signOut.stderr)")
        #expect(sandbox.sessionBytes() == nil)
        #expect(try bus.items(["application": "fauth"]).isEmpty)
    }

    @Test func aFileSessionMovesIntoTheKeyringAtItsNextWriteAndOutAgainWithStorageFile() throws {
        let bus = try SecretServiceBus(.gnomeKeyring)
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        sandbox.environment.merge(bus.fauthEnvironment) { $1 }
        sandbox.environment["FAUTH_STORAGE"] = "file"  // as before --storage existed
        #expect(try sandbox.signUp("move@example.com").status == 0)
        sandbox.environment["FAUTH_STORAGE"] = nil
        #expect(sandbox.session()?["version"] == 1)
        #expect(sandbox.session()?["refreshToken"]?.string?.isEmpty == false)
        #expect(try bus.items(["application": "fauth"]).isEmpty)
        #expect(try sandbox.run(["status", "--json"]).json["storage"] == ["backend": "file"])

        let moved = try sandbox.run(["token", "--force-refresh", "--storage", "keyring"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(sandbox.session()?["version"] == 2)
        for member in Self.tokenMembers { #expect(sandbox.session()?[member] == nil) }
        let items = try bus.items(["application": "fauth", "session": sandbox.sessionPath()])
        #expect(items.count == 1)
        let secret = try JSONValue.parse(Array((items.first?["secret"] ?? "").utf8))
        #expect(secret["idToken"]?.string == moved.stdout.trimmingCharacters(in: .newlines))
        #expect(secret["refreshToken"]?.string?.isEmpty == false)
        #expect(try sandbox.run(["status", "--json"]).json["storage"] == ["backend": "keyring"])

        // auto keeps a keyring session in the keyring; file moves it back out and removes the item.
        #expect(try sandbox.run(["token", "--force-refresh"]).status == 0)
        #expect(sandbox.session()?["version"] == 2)
        let out = try sandbox.run(["token", "--force-refresh"], environment: ["FAUTH_STORAGE": "file"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(sandbox.session()?["version"] == 1)
        #expect(sandbox.session()?["idToken"]?.string == out.stdout.trimmingCharacters(in: .newlines))
        #expect(sandbox.session()?["refreshToken"]?.string?.isEmpty == false)
        #expect(try bus.items(["application": "fauth"]).isEmpty)
    }

    @Test func autoChoosesTheKeyringWhenASecretServiceAnswersAndTheFileWithoutABus() throws {
        let bus = try SecretServiceBus(.gnomeKeyring)
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("nobus@example.com", profile: "nobus").status == 0)
        #expect(sandbox.session(profile: "nobus")?["version"] == 1)
        #expect(try sandbox.run(["status", "--json", "--profile", "nobus"]).json["storage"] == ["backend": "file"])

        sandbox.environment.merge(bus.fauthEnvironment) { $1 }
        #expect(try sandbox.signUp("bus@example.com", profile: "bus").status == 0)
        #expect(sandbox.session(profile: "bus")?["version"] == 2)
        #expect(try sandbox.run(["status", "--json", "--profile", "bus"]).json["storage"] == ["backend": "keyring"])
        #expect(try bus.items(["application": "fauth", "profile": "bus"]).count == 1)
    }

    /// `--storage keyring` (or FAUTH_STORAGE=keyring) where no keyring can take the secrets: keychain-error, exit 12,
    /// the reason in the message, within the timeout, and no request (no account made); auto uses the file.
    @Test(arguments: [
        ("no session bus", "there is no session bus"), ("no Secret Service", "no Secret Service answers"),
        ("locked collection", "default collection is locked"), ("silent Secret Service", "did not answer within"),
    ])
    func keyringStorageFailsClosedBeforeAnyRequest(_ situation: String, _ reason: String) throws {
        let service: SecretServiceBus.Service =
            switch situation {
            case "no Secret Service": .none
            case "silent Secret Service": .silent
            default: .gnomeKeyring
            }
        let bus = try SecretServiceBus(service)
        if situation == "locked collection" { try bus.lockCollections() }
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        if situation != "no session bus" { sandbox.environment.merge(bus.fauthEnvironment) { $1 } }
        for environment in [["FAUTH_STORAGE": "file"], ["FAUTH_STORAGE": "keyring"]] {
            let started = Date()
            let arguments = ["signup", "--json", "--timeout", "2", "--email", "closed@example.com", "--password-stdin"]
            let run = try sandbox.run(
                environment["FAUTH_STORAGE"] == "file" ? arguments + ["--storage", "keyring"] : arguments,
                stdin: "secret-pass-1\n", environment: environment)
            let elapsed = Date().timeIntervalSince(started)
            #expect(run.status == 12, "\(situation): \(run.stderr)")
            #expect(run.errorCode == "keychain-error")
            #expect(run.error["name"] == "ERROR_KEYCHAIN_ERROR")
            #expect(run.error["message"]?.string?.contains(reason) == true, "\(situation): \(run.stderr)")
            // Within --timeout and a few seconds (room for a loaded machine): far below D-Bus's 25 s default, which a
            // call to the silent Secret Service without the timeout would wait.
            #expect(elapsed < 8, "\(situation): \(elapsed) s for --timeout 2")
            #expect(emulator.accountCount() == 0, "\(situation): no account may be created")
            #expect(emulator.requestCount("accounts:signUp") == 0)
            #expect(sandbox.sessionBytes() == nil)
        }
        let auto = try sandbox.run(
            ["signup", "--json", "--timeout", "5", "--email", "auto@example.com", "--password-stdin"],
            stdin: "secret-pass-1\n")
        #expect(auto.status == 0, "\(situation): \(auto.stderr)")
        #expect(sandbox.session()?["version"] == 1, "\(situation): auto writes the file")
    }

    @Test func aStorageThatIsNoneOfTheThreeIsAUsageErrorNamingWhereItCameFrom() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        for (arguments, environment, source) in [
            (["--storage", "vault"], [String: String](), "--storage"),
            ([], ["FAUTH_STORAGE": "Keyring"], "FAUTH_STORAGE"),
        ] {
            let run = try sandbox.run(
                ["signup", "--json", "--email", "u@example.com", "--password-stdin"] + arguments,
                stdin: "secret-pass-1\n", environment: environment)
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.error["message"]?.string?.contains("\(source) '") == true, "\(run.stderr)")
        }
        #expect(emulator.accountCount() == 0)
    }

    @Test func aLockedKeyringIsReportedWhenASessionInItIsRead() throws {
        let bus = try SecretServiceBus(.gnomeKeyring)
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        sandbox.environment.merge(bus.fauthEnvironment) { $1 }
        #expect(try sandbox.signUp("locked@example.com").status == 0)
        let file = sandbox.sessionBytes()
        try bus.lockCollections()
        for arguments in [["token"], ["status", "--json"], ["signout"]] {
            let run = try sandbox.run(arguments + ["--json", "--timeout", "5"])
            #expect(run.status == 12, "\(arguments): \(run.stderr)")
            #expect(run.errorCode == "keychain-error")
            #expect(run.error["message"]?.string?.contains("locked") == true, "\(run.stderr)")
            #expect(sandbox.sessionBytes() == file, "a failed command leaves the session as it was")
        }
    }

    @Test func fiftyConcurrentTokenCallsOnAnExpiringKeyringSessionMakeOneRefresh() throws {
        let bus = try SecretServiceBus(.gnomeKeyring)
        let emulator = try RunningEmulator()
        emulator.configure(["fauth": ["idTokenLifetimeSeconds": 120]])  // a fresh token has < 5 min left
        let sandbox = try FauthSandbox(emulator: emulator)
        sandbox.environment.merge(bus.fauthEnvironment) { $1 }
        sandbox.environment["FAUTH_STORAGE"] = "keyring"
        #expect(try sandbox.signUp("fifty@example.com").status == 0)
        let lock = try SessionLockHolder(path: sandbox.sessionPath() + ".lock")
        // A --timeout above the default 30 s, as in ConcurrencyTests: the lock wait of fifty processes on a loaded
        // machine.
        let processes = try (0..<ConcurrencyTests.parallelCalls).map { _ in
            try sandbox.start(["token", "--timeout", "150"])
        }
        try lock.release(afterAllOf: processes.map(\.pid), haveOpened: "default.json.lock")
        let runs = try processes.map { try FauthRun(finished: $0, within: 180) }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        #expect(emulator.requestCount("token") == 1)
        #expect(Set(runs.map(\.stdout)).count == 1, "every caller prints the one refreshed token")
        let items = try bus.items(["application": "fauth"])
        #expect(items.count == 1, "the old slot's item is removed")
        #expect(items.first?["slot"] == sandbox.session()?["secrets"]?["slot"]?.string)
    }

    /// kill -9 at any point of a write leaves the file naming a complete item: the next command works, and its write
    /// replaces an orphan in the other slot and removes the old one, leaving one item.
    @Test func killedWritersLeaveTheFileNamingACompleteItem() throws {
        let (bus, emulator, sandbox) = try SecretServiceBus.keyringSandbox()
        defer { withExtendedLifetime(emulator) {} }  // it serves every round
        #expect(try sandbox.signUp("killed@example.com").status == 0)
        for round in 0..<12 {
            let writer = try sandbox.start(["token", "--force-refresh"])
            usleep(UInt32(round * 4_000))
            writer.signal(SIGKILL)
            _ = try? writer.waitForExit(within: 30)
            let next = try sandbox.run(["token", "--force-refresh"])
            #expect(next.status == 0, "round \(round): \(next.stderr)")
            let slot = sandbox.session()?["secrets"]?["slot"]?.string
            let items = try bus.items(["application": "fauth"])
            #expect(items.contains { $0["slot"] == slot }, "round \(round)")
            #expect(items.count == 1, "round \(round): \(items.count) items")
        }
    }

    /// kill -9 at the one point the random kills above rarely meet: the writer has its new tokens and waits on the
    /// keyring to store them (stopped with SIGSTOP once the sign-in's request arrived, answered 3 s later: room for a
    /// loaded machine to stop it before the writer reaches it; a sign-in with a refresh token makes no keyring call
    /// between its request and its write). The file must still name a complete item, which only the order "store the
    /// item, then replace the file" gives.
    @Test func aWriterKilledWhileTheKeyringHangsLeavesTheFileNamingACompleteItem() throws {
        let (bus, emulator, sandbox) = try SecretServiceBus.keyringSandbox()
        #expect(try sandbox.signUp("hang@example.com").status == 0)
        let before = sandbox.session()
        let secret = try JSONValue.parse(Array((try bus.items(["application": "fauth"]).first?["secret"] ?? "").utf8))
        let refreshToken = try #require(secret["refreshToken"]?.string)
        emulator.inject(route: "token", ["delayMs": 3000])
        let refreshes = emulator.requestCount("token")
        let writer = try sandbox.start(["signin", "--refresh-token", "@-"], stdin: refreshToken + "\n")
        let deadline = Date().addingTimeInterval(30)
        while emulator.requestCount("token") == refreshes && Date() < deadline { usleep(2_000) }
        bus.signalService(SIGSTOP)
        usleep(5_000_000)  // the answer comes after 3 s; the writer then waits on the stopped keyring
        #expect(writer.isRunning, "the writer waits on the keyring")
        writer.signal(SIGKILL)
        _ = try? writer.waitForExit(within: 30)
        bus.signalService(SIGCONT)
        #expect(sandbox.session() == before, "the file still names the item it named")
        let next = try sandbox.run(["token", "--force-refresh"])
        #expect(next.status == 0, "\(next.stderr)")
        let items = try bus.items(["application": "fauth"])
        #expect(items.count == 1 && items.first?["slot"] == sandbox.session()?["secrets"]?["slot"]?.string, "\(items)")
    }
}
