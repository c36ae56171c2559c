import FauthJSON
import Foundation
import Glibc
import Testing

/// `signin/link/reauth --provider ID --device` (issue 29): the real `fauth` binary against the emulator's device
/// endpoints, a test approving, denying or slowing the code through `/emulator/v1/projects/{p}/deviceCodes` in the
/// person's place after reading it from fauth's `--json` instructions on stderr.
@Suite struct DeviceSignInTests {
    /// An emulator with a short polling interval, and a sandbox on it holding the Google client's secret.
    struct Setup {
        let emulator: RunningEmulator
        let sandbox: FauthSandbox
        let secretFile: String

        init(intervalSeconds: Double = 0.05, expiresInSeconds: Int? = nil) throws {
            emulator = try RunningEmulator()
            var deviceFlow: JSONObject = ["intervalSeconds": .number(intervalSeconds)]
            deviceFlow["expiresInSeconds"] = expiresInSeconds.map { .number(Double($0)) }
            emulator.configure(["fauth": ["deviceFlow": .object(deviceFlow)]])
            sandbox = try FauthSandbox(emulator: emulator)
            secretFile = sandbox.root.appendingPathComponent("client-secret").path
            _ = FileManager.default.createFile(atPath: secretFile, contents: Data("GOCSPX-emulated\n".utf8))
        }

        /// The options of a device sign-in with `provider` (Google's with its client secret file).
        func device(_ provider: String) -> [String] {
            ["--provider", provider, "--device", "--client-id", "fauth-test-client"]
                + (provider == "google.com" ? ["--client-secret-file", secretFile] : [])
        }

        /// Starts fauth and waits for its `deviceAuthorization` line on stderr.
        func start(_ arguments: [String]) throws -> (process: SpawnedProcess, authorization: JSONValue) {
            let process = try sandbox.start(arguments)
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                for line in process.standardError.split(separator: "\n")
                where line.hasPrefix(#"{"deviceAuthorization""#) {
                    if let authorization = (try? JSONValue.parse(String(line)))?["deviceAuthorization"] {
                        return (process, authorization)
                    }
                }
                if !process.isRunning { break }
                usleep(10_000)
            }
            throw SpawnError(description: "no device instructions; stderr: \(process.standardError)")
        }

        /// Posts `action` (`approve`, `deny`, `slowDown`) for `userCode` to the emulator's control route.
        @discardableResult
        func act(_ action: String, _ userCode: String, _ body: JSONValue = [:]) -> Int {
            emulator.call(
                "POST", "/emulator/v1/projects/\(emulator.projectId)/deviceCodes/\(userCode):\(action)", body: body
            ).status
        }

        /// The emulator's record of `userCode`.
        func record(_ userCode: String) -> JSONValue? {
            emulator.call("GET", "/emulator/v1/projects/\(emulator.projectId)/deviceCodes").json["deviceCodes"]?
                .array?.first { $0["userCode"]?.string == userCode }
        }

        /// Runs a device sign-in approved as `identity` and returns the finished run (stderr from its last line on).
        func approved(_ arguments: [String], as identity: JSONValue) throws -> FauthRun {
            let (process, authorization) = try start(arguments)
            let userCode = try #require(authorization["userCode"]?.string)
            #expect(act("approve", userCode, identity) == 200)
            return try finished(process)
        }

        /// The run once `process` exits, its stderr reduced to the last line (the `--json` error object, if any).
        func finished(_ process: SpawnedProcess) throws -> FauthRun {
            let run = try FauthRun(finished: process, within: 60)
            let last = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
            return FauthRun(status: run.status, stdout: run.stdout, stderr: last)
        }
    }

    @Test func googleSignInIsApprovedThroughTheControlRouteWithTheSecretFromAFile() throws {
        let setup = try Setup()
        let (process, authorization) = try setup.start(["signin", "--json"] + setup.device("google.com"))
        let userCode = try #require(authorization["userCode"]?.string)
        #expect(authorization["providerId"] == "google.com")
        #expect(authorization["verificationUri"]?.string?.hasSuffix("/emulator/device") == true)
        let stderr = process.standardError
        #expect(stderr.contains("and enter the code:  \(userCode)"), "\(stderr)")
        #expect(!stderr.contains("GOCSPX-emulated"), "the client secret is never shown")
        #expect(setup.record(userCode)?["clientId"] == "fauth-test-client")
        #expect(setup.record(userCode)?["scope"] == "openid email profile")
        #expect(
            setup.act("approve", userCode, ["sub": "g-1", "email": "ada@example.com", "displayName": "Ada"]) == 200)
        let run = try setup.finished(process)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["providerId"] == "google.com")
        #expect(run.json["isNewUser"] == true)
        #expect(run.json["user"]?["email"] == "ada@example.com")
        #expect(run.json["user"]?["displayName"] == "Ada")
        #expect(setup.record(userCode)?["status"] == "used")
        #expect(try setup.sandbox.run(["status"]).status == 0)
    }

    @Test func githubSignInTakesTheClientIdFromTheEnvironmentAndSignsInWithTheAccessToken() throws {
        let setup = try Setup()
        setup.sandbox.environment["FAUTH_CLIENT_ID"] = "Iv1.fauth-env"
        let (process, authorization) = try setup.start(
            ["signin", "--json", "--provider", "github.com", "--device", "--scope", "repo"])
        let userCode = try #require(authorization["userCode"]?.string)
        #expect(setup.record(userCode)?["clientId"] == "Iv1.fauth-env")
        #expect(setup.record(userCode)?["scope"] == "read:user user:email repo")
        setup.act("approve", userCode, ["sub": "4242", "email": "octo@example.com"])
        let run = try setup.finished(process)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["providerId"] == "github.com")
        #expect(run.json["user"]?["email"] == "octo@example.com")
    }

    @Test func oidcSignInDiscoversTheEmulatedIssuer() throws {
        let setup = try Setup()
        let (process, authorization) = try setup.start(["signin", "--json"] + setup.device("oidc.corp"))
        let userCode = try #require(authorization["userCode"]?.string)
        #expect(authorization["verificationUriComplete"]?.string?.hasSuffix("?user_code=\(userCode)") == true)
        setup.act("approve", userCode, ["sub": "corp-7", "email": "grace@corp.example"])
        let run = try setup.finished(process)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["providerId"] == "oidc.corp")
        #expect(run.json["user"]?["email"] == "grace@corp.example")
    }

    @Test func linkAddsTheProviderToAPasswordAccountAndReauthProvesTheSameUser() throws {
        let setup = try Setup()
        let signUp = try setup.sandbox.signUp("ada@example.com")
        let identity: JSONValue = ["sub": "g-ada", "email": "ada@example.com"]
        let link = try setup.approved(["link", "--json"] + setup.device("google.com"), as: identity)
        #expect(link.status == 0, "\(link.stderr)")
        #expect(link.json["user"]?["uid"] == signUp.json["user"]?["uid"])
        let providers = link.json["user"]?["providers"]?.array?.compactMap { $0["providerId"]?.string }.sorted()
        #expect(providers == ["google.com", "password"])
        let reauth = try setup.approved(["reauth", "--json"] + setup.device("google.com"), as: identity)
        #expect(reauth.status == 0, "\(reauth.stderr)")
        #expect(reauth.json["user"]?["uid"] == signUp.json["user"]?["uid"])
        let other = try setup.approved(
            ["reauth", "--json"] + setup.device("google.com"), as: ["sub": "g-other", "email": "x@example.com"])
        #expect(other.status != 0, "another Google account does not reauthenticate Ada: \(other.stderr)")
    }

    @Test func aProviderAccountOfAnotherUserIsCredentialAlreadyInUse() throws {
        let setup = try Setup()
        let identity: JSONValue = ["sub": "g-owner", "email": "g@example.com"]
        let owner = try setup.approved(
            ["signin", "--json", "--profile", "owner"] + setup.device("google.com"), as: identity)
        #expect(owner.status == 0, "\(owner.stderr)")
        try setup.sandbox.signUp("other@example.com")
        try expectSessionUnchanged(setup.sandbox) {
            let link = try setup.approved(["link", "--json"] + setup.device("google.com"), as: identity)
            expectFailure(link, status: 7, code: "credential-already-in-use")
        }
    }

    @Test func anEmailOfAnotherAccountIsAccountExistsWithDifferentCredential() throws {
        let setup = try Setup()
        try setup.sandbox.signUp("ada@example.com", profile: "ada")
        let run = try setup.approved(
            ["signin", "--json"] + setup.device("github.com"),
            as: ["sub": "77", "email": "ada@example.com", "emailVerified": false])
        expectFailure(run, status: 7, code: "account-exists-with-different-credential")
        #expect(run.error["email"] == "ada@example.com")
        #expect(setup.sandbox.sessionBytes() == nil)
    }

    @Test func slowDownAddsFiveSecondsToTheIntervalTheServerMeasures() throws {
        let setup = try Setup(intervalSeconds: 0.2)
        let (process, authorization) = try setup.start(["signin", "--json"] + setup.device("github.com"))
        let userCode = try #require(authorization["userCode"]?.string)
        #expect(authorization["intervalSeconds"]?.number == 0.2)
        #expect(setup.act("slowDown", userCode) == 200)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline,
            !(setup.record(userCode)?["polls"]?.array ?? []).contains(where: {
                $0["answer"] == "slow_down"
            })
        { usleep(20_000) }
        setup.act("approve", userCode, ["sub": "s-1", "email": "slow@example.com"])
        let run = try setup.finished(process)
        #expect(run.status == 0, "\(run.stderr)")
        let polls = try #require(setup.record(userCode)?["polls"]?.array)
        let answers = polls.compactMap { $0["answer"]?.string }
        let times = polls.compactMap { $0["atMillis"]?.number }
        let slowIndex = try #require(answers.firstIndex(of: "slow_down"))
        #expect(answers.filter { $0 == "slow_down" }.count == 1, "no poll came early: \(answers)")
        #expect(answers[..<slowIndex].allSatisfy { $0 == "authorization_pending" }, "\(answers)")
        #expect(answers.last == "token")
        #expect(answers.count == slowIndex + 2, "one poll after slow_down: \(answers)")
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later - earlier >= 200, "every poll waits the interval: \(times)")
        }
        #expect(times[slowIndex + 1] - times[slowIndex] >= 5_200, "slow_down adds 5 s: \(times)")
        #expect(times[slowIndex + 1] - times[slowIndex] < 15_000)
    }

    @Test func aDeniedCodeIsCancelledAndSignsNothingIn() throws {
        let setup = try Setup()
        let (process, authorization) = try setup.start(["signin", "--json"] + setup.device("google.com"))
        #expect(setup.act("deny", try #require(authorization["userCode"]?.string)) == 200)
        let run = try setup.finished(process)
        expectFailure(run, status: 3, code: "cancelled")
        #expect(run.error["message"]?.string?.contains("denied") == true, "\(run.stderr)")
        #expect(setup.sandbox.sessionBytes() == nil)
    }

    @Test func anExpiredCodeIsSessionExpired() throws {
        let setup = try Setup(intervalSeconds: 0.3, expiresInSeconds: 1)
        let (process, _) = try setup.start(["signin", "--json"] + setup.device("oidc.corp"))
        let run = try setup.finished(process)
        expectFailure(run, status: 6, code: "session-expired")
        #expect(run.error["message"]?.string?.contains("expired") == true, "\(run.stderr)")
        #expect(setup.sandbox.sessionBytes() == nil)
    }

    @Test func theWaitEndsAtTheTimeoutWithCancelled() throws {
        let setup = try Setup(intervalSeconds: 0.1)
        let started = Date()
        let (process, _) = try setup.start(["signin", "--json", "--timeout", "1.5"] + setup.device("github.com"))
        let run = try setup.finished(process)
        expectFailure(run, status: 3, code: "cancelled")
        #expect(run.error["message"]?.string?.contains("No approval within 1.5 s") == true, "\(run.stderr)")
        #expect(Date().timeIntervalSince(started) >= 1.4)
        #expect(setup.sandbox.sessionBytes() == nil)
    }

    @Test(arguments: [(SIGINT, Int32(130), "interrupted"), (SIGTERM, Int32(143), "terminated")])
    func aSignalEndsTheWaitCleanly(signal: Int32, status: Int32, code: String) throws {
        let setup = try Setup(intervalSeconds: 0.1)
        try setup.sandbox.signUp("ada@example.com")
        try expectSessionUnchanged(setup.sandbox) {
            let (process, _) = try setup.start(["link", "--json"] + setup.device("github.com"))
            process.signal(signal)
            let run = try setup.finished(process)
            expectFailure(run, status: status, code: code)
        }
    }

    @Test func providersWithoutADeviceFlowAndAMissingSecretAreUsageErrorsBeforeAnyRequest() throws {
        let setup = try Setup()
        let facebook = try setup.sandbox.run(["signin", "--json"] + setup.device("facebook.com"))
        expectFailure(facebook, status: 2, code: "usage")
        let message = facebook.error["message"]?.string ?? ""
        #expect(message.contains("--browser") && message.contains("oidc.*"), "\(message)")
        let noSecret = try setup.sandbox.run(
            ["signin", "--json", "--provider", "google.com", "--device", "--client-id", "x"])
        expectFailure(noSecret, status: 2, code: "usage")
        #expect(noSecret.error["message"]?.string?.contains("--client-secret-file") == true)
        let noClient = try setup.sandbox.run(["signin", "--json", "--provider", "github.com", "--device"])
        expectFailure(noClient, status: 2, code: "usage")
        #expect(setup.emulator.call("GET", "/emulator/v1/projects/demo-fauth/deviceCodes").json["deviceCodes"] == [])
    }

    /// The client ID and issuer a device sign-in used are kept in the profile's session settings: a reauth gives
    /// neither and the provider sees the kept client; FAUTH_CLIENT_ID beats the kept one and --client-id beats both
    /// (each then kept); status shows them; the client secret is never kept; signout forgets them.
    @Test func theProfileKeepsTheClientIdAndIssuerAndFlagsAndEnvironmentComeFirst() throws {
        let setup = try Setup()
        let issuer = "http://\(setup.emulator.host)/emulator/oidc/oidc.corp"
        let identity: JSONValue = ["sub": "corp-9", "email": "kept@corp.example"]
        let first = try setup.approved(
            ["signin", "--json", "--provider", "oidc.corp", "--device", "--client-id", "kept-client"]
                + ["--issuer", issuer], as: identity)
        #expect(first.status == 0, "\(first.stderr)")
        let kept: JSONValue = ["oidc.corp": ["clientId": "kept-client", "issuer": .string(issuer)]]
        #expect(setup.sandbox.session()?["project"]?["deviceClients"] == kept)
        #expect(try setup.sandbox.run(["status", "--json"]).json["deviceClients"] == kept)
        let status = try setup.sandbox.run(["status"])
        #expect(status.stdout.contains("device sign-in clients: oidc.corp (client ID kept-client, issuer \(issuer))"))

        /// A reauth with these extra arguments: the client ID the provider saw, and the run.
        func reauth(_ extra: [String] = []) throws -> (clientId: JSONValue?, run: FauthRun) {
            let (process, authorization) = try setup.start(
                ["reauth", "--json", "--provider", "oidc.corp", "--device"] + extra)
            let userCode = try #require(authorization["userCode"]?.string)
            let clientId = setup.record(userCode)?["clientId"]
            #expect(setup.act("approve", userCode, identity) == 200)
            return (clientId, try setup.finished(process))
        }
        var (clientId, run) = try reauth()
        #expect(run.status == 0 && clientId == "kept-client", "\(run.stderr)")
        setup.sandbox.environment["FAUTH_CLIENT_ID"] = "env-client"
        (clientId, run) = try reauth()
        #expect(run.status == 0 && clientId == "env-client", "\(run.stderr)")
        (clientId, run) = try reauth(["--client-id", "flag-client"])
        #expect(run.status == 0 && clientId == "flag-client", "\(run.stderr)")
        setup.sandbox.environment["FAUTH_CLIENT_ID"] = nil
        (clientId, run) = try reauth()
        #expect(run.status == 0 && clientId == "flag-client", "the last one used is kept: \(run.stderr)")
        #expect(setup.sandbox.session()?["project"]?["deviceClients"]?["oidc.corp"]?["issuer"]?.string == issuer)

        let google = try setup.approved(["link", "--json"] + setup.device("google.com"), as: ["sub": "g-kept"])
        #expect(google.status == 0, "\(google.stderr)")
        let googleClient = setup.sandbox.session()?["project"]?["deviceClients"]?["google.com"]
        #expect(googleClient == ["clientId": "fauth-test-client"])
        let file = String(decoding: try #require(setup.sandbox.sessionBytes()), as: UTF8.self)
        #expect(!file.contains("GOCSPX"), "the client secret is never kept")

        #expect(try setup.sandbox.run(["signout"]).status == 0)
        let forgotten = try setup.sandbox.run(["signin", "--json", "--provider", "oidc.corp", "--device"])
        expectFailure(forgotten, status: 2, code: "usage")
        #expect(forgotten.error["message"]?.string?.contains("FAUTH_CLIENT_ID") == true, "\(forgotten.stderr)")
    }
}
