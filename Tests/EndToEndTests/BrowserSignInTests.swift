import FauthJSON
import Foundation
import Glibc
import Testing

/// `signin/link/reauth --provider ID --browser` (issue 13): the real `fauth` binary with `BROWSER` set to
/// `Tests/BrowserPerson/person.py`, which plays the person over HTTP on the emulator's sign-in page and follows its
/// redirect to fauth's loopback listener; and `--no-browser` with the URL the person copied.
@Suite struct BrowserSignInTests {
    /// The program that plays the person.
    static let person = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BrowserPerson/person.py").path

    /// A sandbox on `emulator`, and the log file the person writes there.
    struct Setup {
        let emulator: RunningEmulator
        let sandbox: FauthSandbox
        let log: String

        init() throws {
            emulator = try RunningEmulator()
            sandbox = try FauthSandbox(emulator: emulator)
            log = sandbox.root.appendingPathComponent("person.log").path
            sandbox.environment["BROWSER"] = BrowserSignInTests.person
            sandbox.environment["PERSON_LOG"] = log
        }

        /// Runs fauth with the person acting as `person` says (PERSON_* variables). stderr is kept from its last
        /// line on, which holds the `--json` error object (the lines before it tell the person what to do).
        func run(_ arguments: [String], person: [String: String] = [:]) throws -> FauthRun {
            try? FileManager.default.removeItem(atPath: log)
            let run = try sandbox.run(arguments, environment: person)
            #expect(
                run.stderr.contains("/emulator/auth/handler?"),
                "the URL is printed for when no browser opens: \(run.stderr)")
            let lastLine = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
            return FauthRun(status: run.status, stdout: run.stdout, stderr: lastLine)
        }

        /// The steps the person logged in the last run, by name, once it logged `last` (fauth may exit before the
        /// person has read fauth's answer and logged it; waits up to `seconds`, a deadline only a failure reaches:
        /// the person's Python can start after fauth gave up on a loaded machine).
        func steps(last: String = "callback", within seconds: Double = 60) -> [String: JSONValue] {
            var steps: [String: JSONValue] = [:]
            let deadline = Date().addingTimeInterval(seconds)
            repeat {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                for line in text.split(separator: "\n") {
                    if let step = try? JSONValue.parse(String(line)), let name = step["step"]?.string {
                        steps[name] = step
                    }
                }
                if steps[last] != nil { break }
                usleep(20_000)
            } while Date() < deadline
            return steps
        }
    }

    @Test func signInAddsAnAccountOnTheEmulatorsPageAndTheBrowserSeesTheClosingPage() throws {
        let setup = try Setup()
        let run = try setup.run(
            ["signin", "--json", "--provider", "google.com", "--browser"],
            person: [
                "PERSON_EMAIL": "ada@example.com", "PERSON_NAME": "Ada", "PERSON_STRAY": "1", "PERSON_REPLAY": "1",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["providerId"] == "google.com")
        #expect(run.json["isNewUser"] == true)
        #expect(run.json["user"]?["email"] == "ada@example.com")
        #expect(run.json["user"]?["displayName"] == "Ada")
        let steps = setup.steps(last: "replay")
        #expect(steps["page"]?["status"]?.int == 200)
        #expect(steps["stray"]?["status"]?.int == 404, "another path on the listener is not found")
        #expect(steps["callback"]?["status"]?.int == 200)
        #expect(steps["callback"]?["body"]?.string?.contains("You can close this tab") == true)
        #expect(
            steps["replay"]?["status"]?.int == 0,
            "the listener answers the callback once, then is gone: \(String(describing: steps["replay"]))")
        #expect(try setup.sandbox.run(["status"]).status == 0)
    }

    @Test func aSecondSignInChoosesTheListedAccountAndLandsOnTheSameUser() throws {
        let setup = try Setup()
        let first = try setup.run(
            ["signin", "--json", "--provider", "github.com", "--browser"], person: ["PERSON_EMAIL": "gh@example.com"])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try setup.run(
            [
                "signin", "--json", "--provider", "github.com", "--browser", "--scope", "read:user",
                "--custom-parameter", "allow_signup=false",
            ],
            person: ["PERSON_ACTION": "choose", "PERSON_EMAIL": "gh@example.com"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(setup.steps(last: "page")["page"]?["accounts"] == ["gh@example.com"])
        #expect(second.json["isNewUser"] == false)
        #expect(second.json["user"]?["uid"] == first.json["user"]?["uid"])
    }

    @Test func linkAddsTheProviderToAPasswordAccountAndReauthProvesTheSameUser() throws {
        let setup = try Setup()
        let signUp = try setup.sandbox.signUp("ada@example.com")
        let link = try setup.run(
            ["link", "--json", "--provider", "google.com", "--browser"], person: ["PERSON_EMAIL": "ada@example.com"])
        #expect(link.status == 0, "\(link.stderr)")
        #expect(link.json["user"]?["uid"] == signUp.json["user"]?["uid"])
        let providers = link.json["user"]?["providers"]?.array?.compactMap { $0["providerId"]?.string }.sorted()
        #expect(providers == ["google.com", "password"])
        let reauth = try setup.run(
            ["reauth", "--json", "--provider", "google.com", "--browser"],
            person: ["PERSON_ACTION": "choose", "PERSON_EMAIL": "ada@example.com"])
        #expect(reauth.status == 0, "\(reauth.stderr)")
        #expect(reauth.json["user"]?["uid"] == signUp.json["user"]?["uid"])
    }

    @Test func aLinkWhoseProfileChangedUserWhileTheBrowserWasOpenIsUserMismatchAndLinksNothing() throws {
        let setup = try Setup()
        try setup.sandbox.signUp("ada@example.com")
        let meanwhile = "'\(BuiltBinaries.fauth.path)' signin --anonymous -q"
        let link = try setup.run(
            ["link", "--json", "--provider", "google.com", "--browser"],
            person: ["PERSON_EMAIL": "g@example.com", "PERSON_MEANWHILE": meanwhile])
        expectFailure(link, status: 6, code: "user-mismatch")
        #expect(link.error["message"]?.string?.contains("changed to another user") == true, "\(link.stderr)")
        #expect(setup.emulator.requestCount("accounts:signInWithIdp") == 0, "nothing was linked")
        #expect(setup.steps()["callback"]?["status"]?.int == 400)
        let status = try setup.sandbox.run(["status", "--json"])
        #expect(
            status.json["user"]?["isAnonymous"] == true, "the other sign-in's session stays as it was: \(status.stdout)"
        )
    }

    @Test func aProviderAccountOfAnotherUserIsCredentialAlreadyInUseAndTheBrowserSaysSo() throws {
        let setup = try Setup()
        let owner = try setup.run(
            ["signin", "--json", "--profile", "owner", "--provider", "google.com", "--browser"],
            person: ["PERSON_EMAIL": "g@example.com"])
        #expect(owner.status == 0, "\(owner.stderr)")
        try setup.sandbox.signUp("other@example.com")
        try expectSessionUnchanged(setup.sandbox) {
            let link = try setup.run(
                ["link", "--json", "--provider", "google.com", "--browser"],
                person: ["PERSON_ACTION": "choose", "PERSON_EMAIL": "g@example.com"])
            expectFailure(link, status: 7, code: "credential-already-in-use")
        }
        let callback = setup.steps()["callback"]
        #expect(callback?["status"]?.int == 400)
        #expect(callback?["body"]?.string?.contains("credential-already-in-use") == true)
    }

    @Test func anEmailOfAnotherAccountThatNeedsConfirmationIsAccountExistsWithTheSignInMethods() throws {
        // The emulator's page always verifies the email it makes up, as Firebase's does, so the answer production
        // gives an unverified provider email is injected: signInWithIdp's 200 with needConfirmation.
        let setup = try Setup()
        try setup.sandbox.signUp("ada@example.com", profile: "ada")
        setup.emulator.inject(
            route: "accounts:signInWithIdp",
            [
                "status": 200, "contentType": "application/json",
                "body": .string(
                    #"{"needConfirmation": true, "email": "ada@example.com", "providerId": "facebook.com"}"#),
            ])
        let run = try setup.run(
            ["signin", "--json", "--provider", "facebook.com", "--browser"], person: ["PERSON_EMAIL": "ada@example.com"]
        )
        expectFailure(run, status: 7, code: "account-exists-with-different-credential")
        #expect(run.error["email"] == "ada@example.com")
        #expect(run.error["signInMethods"] == ["password"])
        #expect(setup.steps()["callback"]?["status"]?.int == 400)
        #expect(setup.sandbox.sessionBytes() == nil)
    }

    @Test(arguments: [
        ("UNAUTHORIZED_DOMAIN : Domain not allowlisted by project", Int32(11), "unauthorized-domain"),
        ("INVALID_CONTINUE_URI", Int32(8), "invalid-continue-uri"),
    ])
    func aProjectThatRefusesTheLoopbackURLFailsBeforeAnyBrowserOpens(message: String, status: Int32, code: String)
        throws
    {
        // What Google's servers answer when 127.0.0.1 is not an authorized domain of the project
        // (docs/browser-sign-in.md, "Production setup").
        let setup = try Setup()
        setup.emulator.inject(
            route: "accounts:createAuthUri",
            [
                "status": 400, "contentType": "application/json",
                "body": .string(JSONValue.object(["error": ["code": 400, "message": .string(message)]]).serialized()),
            ])
        let run = try setup.sandbox.run(["signin", "--json", "--provider", "google.com", "--browser"])
        expectFailure(run, status: status, code: code)
        #expect(
            run.error["message"]?.string?.contains("add 127.0.0.1 to its authorized domains") == true, "\(run.stderr)")
        #expect(setup.steps(last: "page", within: 0).isEmpty, "no browser was opened")
        #expect(setup.sandbox.sessionBytes() == nil)
    }

    @Test func aForgedStateIsRefusedBeforeAnyRequestAndNothingIsSignedIn() throws {
        let setup = try Setup()
        let run = try setup.run(
            ["signin", "--json", "--provider", "google.com", "--browser"], person: ["PERSON_TAMPER": "state"])
        expectFailure(run, status: 6, code: "invalid-credential")
        #expect(run.error["message"]?.string?.contains("state") == true)
        #expect(setup.emulator.requestCount("accounts:signInWithIdp") == 0, "a forged answer never reaches the server")
        #expect(setup.steps()["callback"]?["status"]?.int == 400)
        #expect(setup.sandbox.sessionBytes() == nil)
    }

    @Test func aTokenTheServerCannotReadIsNeverShownInTheErrorOrOnThePage() throws {
        let setup = try Setup()
        let secret = "SeCrEtToKeN4242"
        let run = try setup.run(
            ["signin", "--json", "--provider", "google.com", "--browser"],
            person: ["PERSON_TAMPER": "id_token=" + secret])
        expectFailure(run, status: 6, code: "invalid-credential")
        #expect(run.error["message"]?.string?.contains("Unable to parse id_token: REDACTED") == true, "\(run.stderr)")
        #expect(!run.stderr.contains(secret), "\(run.stderr)")
        let callback = setup.steps()["callback"]
        #expect(callback?["status"]?.int == 400)
        #expect(callback?["body"]?.string?.contains("REDACTED") == true, "\(String(describing: callback))")
        #expect(
            callback?["body"]?.string?.contains(secret) == false, "the browser's page: \(String(describing: callback))")
        #expect(setup.sandbox.sessionBytes() == nil)

        let (pasted, url) = try pasting(
            setup, ["signin", "--json", "--provider", "google.com"], person: ["PERSON_TAMPER": "id_token=" + secret])
        #expect(url.contains(secret))
        expectFailure(pasted, status: 6, code: "invalid-credential")
        #expect(!pasted.stderr.contains(secret), "\(pasted.stderr)")
    }

    @Test func noAnswerBeforeTheDeadlineIsCancelledWithExit3() throws {
        let setup = try Setup()
        let run = try setup.run(
            ["signin", "--json", "--provider", "google.com", "--browser", "--timeout", "1"],
            person: ["PERSON_ACTION": "idle"])
        expectFailure(run, status: 3, code: "cancelled")
        #expect(run.error["message"]?.string?.contains("within 1 s") == true)
        #expect(setup.steps(last: "page")["page"]?["status"]?.int == 200)
        #expect(setup.sandbox.sessionBytes() == nil)
    }

    @Test func theBrowserStartsWithTheDefaultSIGPIPEThoughFauthIgnoresIt() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let record = sandbox.root.appendingPathComponent("browser-signals").path
        let browser = sandbox.root.appendingPathComponent("browser.sh").path
        try Data(
            "#!/bin/sh\ngrep '^SigIgn:' /proc/$$/status > '\(record).tmp' && mv '\(record).tmp' '\(record)'\n".utf8
        )
        .write(to: URL(fileURLWithPath: browser))
        chmod(browser, 0o755)
        sandbox.environment["BROWSER"] = browser
        let run = try sandbox.run(["signin", "--provider", "google.com", "--browser", "--timeout", "1"])
        #expect(run.status == 3, "\(run.stderr)")
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: record), Date() < deadline { usleep(10_000) }
        let line = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
        let ignored = UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespacesAndNewlines), radix: 16)
        #expect(ignored.map { $0 & (1 << UInt64(SIGPIPE - 1)) == 0 } == true, "the browser's ignored signals: \(line)")
    }

    /// Without `BROWSER` and without a graphical display (ssh), `xdg-open` is not run (it would start a text browser
    /// on the terminal fauth waits on): fauth says why and prints the URL; with `DISPLAY` it is run.
    @Test func withoutADisplayNoBrowserIsStarted() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let bin = sandbox.root.appendingPathComponent("bin").path
        let record = sandbox.root.appendingPathComponent("xdg-open-ran").path
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho \"$1\" > '\(record)'\n".utf8).write(to: URL(fileURLWithPath: bin + "/xdg-open"))
        chmod(bin + "/xdg-open", 0o755)
        sandbox.environment["PATH"] = bin + ":/usr/bin:/bin"
        let headless = try sandbox.run(["signin", "--provider", "google.com", "--browser", "--timeout", "1"])
        #expect(headless.status == 3, "\(headless.stderr)")
        #expect(
            headless.stderr.contains(
                "Could not start a browser (no graphical display: DISPLAY and WAYLAND_DISPLAY are unset"))
        #expect(headless.stderr.contains("/emulator/auth/handler?"))
        #expect(!FileManager.default.fileExists(atPath: record))
        let shown = try sandbox.run(
            ["signin", "--provider", "google.com", "--browser", "--timeout", "1"], environment: ["DISPLAY": ":0"])
        #expect(shown.status == 3, "\(shown.stderr)")
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: record), Date() < deadline { usleep(10_000) }
        #expect(((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").contains("/emulator/auth/handler?"))
    }

    @Test func ctrlCWhileWaitingExits130CleanlyAndClosesTheListener() throws {
        let setup = try Setup()
        let process = try SpawnedProcess(
            path: BuiltBinaries.fauth.path,
            rawArguments: ["signin", "--provider", "google.com", "--browser"].map { Array($0.utf8) },
            environment: setup.sandbox.environment.merging(["PERSON_ACTION": "idle"]) { $1 }, newSession: true)
        let deadline = Date().addingTimeInterval(60)
        while !process.standardError.contains("Ctrl-C to stop"), Date() < deadline { usleep(10_000) }
        let listener = process.standardError.firstMatch(of: /Waiting for the browser on http:\/\/127\.0\.0\.1:(\d+)\//)
            .map { Int($0.1)! }
        #expect(listener != nil, "\(process.standardError)")
        process.signal(SIGINT)
        #expect(try process.waitForExit() == 130)
        #expect(
            process.standardError.contains("(interrupted)"),
            "fauth ends through its error path: \(process.standardError)")
        if let listener {
            #expect(Self.connectionRefused(port: UInt16(listener)), "the listener is closed")
        }
        #expect(setup.sandbox.sessionBytes() == nil)
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is refused (nothing listens there).
    static func connectionRefused(port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result != 0 && errno == ECONNREFUSED
    }

    /// Starts `fauth ARGUMENTS --no-browser --callback-url @FIFO`, lets the person sign in on the URL it prints
    /// (without following the redirect), feeds the URL the browser ended on through the FIFO as a person pasting it
    /// would, and returns the exit status, stdout, the last stderr line and the URL fed.
    func pasting(_ setup: Setup, _ arguments: [String], person: [String: String] = [:]) throws -> (
        run: FauthRun, url: String
    ) {
        let fifo = setup.sandbox.root.appendingPathComponent("callback-\(UUID().uuidString)").path
        let copied = fifo + ".txt"
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try SpawnedProcess(
            path: BuiltBinaries.fauth.path,
            rawArguments: (arguments + ["--no-browser", "--callback-url", "@" + fifo]).map { Array($0.utf8) },
            environment: setup.sandbox.environment.merging(["BROWSER": "/bin/false"]) { $1 }, newSession: true)
        let deadline = Date().addingTimeInterval(60)
        var authUri: String?
        while authUri == nil, Date() < deadline {
            authUri = process.standardError.firstMatch(of: /http:\/\/\S+\/emulator\/auth\/handler\?\S+/).map {
                String($0.0)
            }
            usleep(10_000)
        }
        let personRun = Process()
        personRun.executableURL = URL(fileURLWithPath: Self.person)
        personRun.arguments = [try #require(authUri, "no URL printed: \(process.standardError)")]
        personRun.environment = setup.sandbox.environment.merging(person.merging(["PERSON_CALLBACK": copied]) { $1 }) {
            $1
        }
        try personRun.run()
        personRun.waitUntilExit()
        let url = (try? String(contentsOfFile: copied, encoding: .utf8)) ?? "no URL copied\n"
        let pipe = try #require(FileHandle(forWritingAtPath: fifo))
        pipe.write(Data(url.utf8))
        try pipe.close()
        let status = try process.waitForExit()
        let lastLine = process.standardError.split(separator: "\n").last.map(String.init) ?? ""
        return (FauthRun(status: status, stdout: process.standardOutput, stderr: lastLine), url)
    }

    @Test func noBrowserSignsInWithThePastedURLAndRefusesAnOldOne() throws {
        let setup = try Setup()
        let (run, url) = try pasting(
            setup, ["signin", "--json", "--provider", "google.com"], person: ["PERSON_EMAIL": "ssh@example.com"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["user"]?["email"] == "ssh@example.com")
        #expect(url.contains("/__/auth/callback?"), "\(url)")
        let old = setup.sandbox.root.appendingPathComponent("old-url.txt")
        try Data(url.utf8).write(to: old)
        try expectSessionUnchanged(setup.sandbox) {
            // The same port as the first sign-in, so that only the state tells the old URL from a new one.
            let port = try #require(url.firstMatch(of: /127\.0\.0\.1:(\d+)\//).map { String($0.1) })
            let replayed = try setup.sandbox.run(
                ["signin", "--json", "--provider", "google.com", "--no-browser", "--callback-url", "@" + old.path],
                environment: ["FAUTH_BROWSER_PORT": port])
            let lastLine = replayed.stderr.split(separator: "\n").last.map(String.init) ?? ""
            expectFailure(
                FauthRun(status: replayed.status, stdout: replayed.stdout, stderr: lastLine), status: 6,
                code: "invalid-credential")
            #expect(lastLine.contains("another sign-in's state"), "\(lastLine)")
        }
        #expect(setup.emulator.requestCount("accounts:signInWithIdp") == 1, "the old URL never reached the server")
    }

    @Test func noBrowserLinksToAPasswordAccount() throws {
        let setup = try Setup()
        let signUp = try setup.sandbox.signUp("ada@example.com")
        let (run, _) = try pasting(
            setup, ["link", "--json", "--provider", "apple.com"], person: ["PERSON_EMAIL": "ada@example.com"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["user"]?["uid"] == signUp.json["user"]?["uid"])
    }

    @Test(arguments: [[], ["--no-input"]])
    func noBrowserWithoutATerminalOrACallbackURLIsAUsageErrorBeforeAnyRequest(extra: [String]) throws {
        let setup = try Setup()
        let run = try setup.sandbox.run(["signin", "--json", "--provider", "google.com", "--no-browser"] + extra)
        expectFailure(run, status: 2, code: "usage")
        #expect(run.error["message"]?.string?.contains("--callback-url") == true, "\(run.stderr)")
        #expect(setup.emulator.requestCount("accounts:createAuthUri") == 0, "usage means nothing was sent")
    }
}
