import FauthJSON
import Foundation
import Testing

/// The production path over TLS: `fauth --endpoint https://localhost:PORT` against a TLS front (Python's ssl, with
/// a test CA made by the openssl CLI) before a real emulator.
@Suite struct TLSTests {
    /// A sandbox with an API key and no emulator, and the front's endpoint.
    private func sandbox(_ front: HarnessProcess) throws -> FauthSandbox {
        let sandbox = try FauthSandbox(emulator: nil)
        sandbox.environment["FAUTH_API_KEY"] = "AIza-test"
        sandbox.environment["FAUTH_ENDPOINT"] = front.url
        return sandbox
    }

    /// A FIFO named `name` in `sandbox`'s folder and the shell that writes into it (`script`, with the FIFO as `$1`
    /// and the test CA's bundle as `$2`).
    private func fifo(_ name: String, in sandbox: FauthSandbox, writtenBy script: String) throws -> (
        path: String, writer: SpawnedProcess
    ) {
        let path = sandbox.root.path + "/" + name
        #expect(mkfifo(path, 0o600) == 0)
        let writer = try SpawnedProcess(
            path: "/bin/sh",
            rawArguments: ["-c", script, "sh", path, TLSHarness.caFile]
                .map { Array($0.utf8) }, environment: [:])
        return (path, writer)
    }

    /// `fauth -v --version` names the libcurl it loaded and that libcurl's TLS library: the ones this machine's curl
    /// CLI reports (both load the system's libcurl, whichever build of fauth runs).
    @Test func verboseVersionNamesThisMachinesLibcurl() throws {
        let fauth = try SpawnedProcess("fauth", ["-v", "--version"])
        #expect(try fauth.waitForExit() == 0)
        let curl = try SpawnedProcess(
            path: "/usr/bin/env", rawArguments: ["curl", "-V"].map { Array($0.utf8) },
            environment: ProcessInfo.processInfo.environment)
        #expect(try curl.waitForExit() == 0, "scripts/bootstrap installs curl")
        // "curl 7.88.1 (x86_64-pc-linux-gnu) libcurl/7.88.1 OpenSSL/3.0.19 zlib/1.2.13 …": the library, then its TLS.
        let words = curl.standardOutput.split(separator: "\n").first?.split(separator: " ").map(String.init) ?? []
        let library = try #require(words.first { $0.hasPrefix("libcurl/") })
        let tls = try #require(words.first { $0.hasPrefix("OpenSSL/") || $0.hasPrefix("GnuTLS/") })
        let lines = fauth.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasPrefix("fauth "))
        #expect(lines.last == "HTTP: \(library) \(tls)", "\(lines) against \(library) \(tls)")
    }

    /// Every command makes one TLS handshake for all its calls (`CurlTransport` keeps the connection), and
    /// no call it does not need: counted at the TLS front.
    @Test func everyCommandUsesOneConnectionForAllItsCalls() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        sandbox.environment["SSL_CERT_FILE"] = TLSHarness.caFile
        let steps: [(arguments: [String], stdin: String?, calls: [String])] = [
            (
                ["signup", "--email", "ada@example.com", "--password-stdin"], "secret-pass-1\n",
                ["passwordPolicy", "accounts:signUp", "accounts:lookup"]
            ),
            (
                ["signin", "--email", "ada@example.com", "--password-stdin"], "secret-pass-1\n",
                ["accounts:signInWithPassword", "accounts:lookup"]
            ),
            (["token", "--force-refresh"], nil, ["token"]),
            (["providers", "--json"], nil, ["accounts:lookup"]),
            (["status"], nil, ["accounts:lookup"]),
            (
                ["link", "--provider", "google.com", "--id-token", #"{"sub":"g-1","email":"ada@example.com"}"#], nil,
                ["accounts:signInWithIdp", "accounts:lookup"]
            ),
            (["unlink", "google.com"], nil, ["accounts:lookup", "accounts:update"]),
        ]
        for step in steps {
            front.resetEvents()
            let run = try sandbox.run(step.arguments, stdin: step.stdin)
            #expect(run.status == 0, "\(step.arguments): \(run.stderr)")
            let calls = front.requests.map { String($0.split(separator: " ")[1].dropFirst(4).prefix { $0 != "?" }) }
            #expect(front.handshakes == 1, "\(step.arguments[0]): \(front.handshakes) handshakes")
            #expect(calls == step.calls, "\(step.arguments[0])")
        }
    }

    @Test func theWholeFlowOverTLSWithTheTestCA() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let ca = ["--ca-file", TLSHarness.caFile]
        let signup = try sandbox.run(
            ["signup", "--json", "--email", "ada@example.com", "--password-stdin"] + ca, stdin: "secret-pass-1\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        let signin = try sandbox.run(
            ["signin", "--json", "--email", "ada@example.com", "--password-stdin"] + ca, stdin: "secret-pass-1\n")
        #expect(signin.status == 0, "\(signin.stderr)")
        #expect(try sandbox.run(["token", "--force-refresh"] + ca).status == 0)
        #expect(try sandbox.run(["providers", "--json"] + ca).json.array?.first?["providerId"] == "password")
        let status = try sandbox.run(["status", "--json"] + ca)
        #expect(status.status == 0 && status.json["user"]?["email"] == "ada@example.com", "\(status.stderr)")
        let paths = front.requests.map { $0.split(separator: "?").first.map(String.init) ?? $0 }
        #expect(paths.contains("POST /v1/accounts:signUp") && paths.contains("POST /v1/accounts:signInWithPassword"))
        #expect(paths.contains("POST /v1/token") && paths.contains("POST /v1/accounts:lookup"))
        #expect(front.handshakes >= 5 && front.failedHandshakes.isEmpty)
        #expect(emulator.requestCount("accounts:signUp") == 1 && emulator.requestCount("token") == 1)
    }

    /// `SSL_CERT_FILE`, `CURL_CA_BUNDLE` and `SSL_CERT_DIR` each make the test CA trusted; without any, the
    /// system's authorities do not know it and the handshake fails.
    @Test(arguments: [("SSL_CERT_FILE", "ca.pem"), ("CURL_CA_BUNDLE", "ca.pem"), ("SSL_CERT_DIR", "ca-folder")])
    func theCAVariablesAreHonoured(variable: String, name: String) throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let untrusted = try sandbox.run(["signin", "--anonymous", "--json"])
        // One failed handshake, or two when the system's hashed folder was tried before its bundle.
        #expect(untrusted.status == 11 && front.await { $0.failedHandshakes.count >= 1 } && front.requests.isEmpty)
        #expect(front.handshakes == 0 && front.failedHandshakes.count <= 2)
        front.resetEvents()
        let trusted = try sandbox.run(
            ["signin", "--anonymous", "--json"],
            environment: [variable: TLSHarness.certificates + "/" + name])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(front.handshakes == 1 && front.requests.count == 2)  // signUp, then lookup, on one connection
    }

    /// A bundle beside a hashed folder is loaded as curl loads it, whole and at once: a file that is no bundle at
    /// all fails the command even when the folder would verify the server (curl --cacert … --capath … fails too).
    @Test func aBundleBesideAHashedFolderIsLoadedAsCurlLoadsIt() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let notABundle = sandbox.root.path + "/not-a-bundle.pem"
        #expect(FileManager.default.createFile(atPath: notABundle, contents: Data("no certificates here\n".utf8)))
        let withFolder = try sandbox.run(
            ["signin", "--anonymous", "--json"],
            environment: [
                "SSL_CERT_FILE": notABundle, "SSL_CERT_DIR": TLSHarness.certificates + "/ca-folder",
            ])
        expectFailure(withFolder, status: 11, code: "certificate-error")
        #expect(
            withFolder.error["message"]?.string?.contains("the CA certificates could not be loaded") == true,
            "\(withFolder.stderr)")
        #expect(front.requests.isEmpty && front.handshakes == 0)
        let curl = try SpawnedProcess(
            path: "/usr/bin/env",
            rawArguments: [
                "curl", "-sS", "-m", "10", "--cacert", notABundle, "--capath", TLSHarness.certificates + "/ca-folder",
                front.url + "/",
            ].map { Array($0.utf8) }, environment: ProcessInfo.processInfo.environment)
        #expect(try curl.waitForExit(within: 60) == 77, "curl's verdict: \(curl.standardError)")
    }

    /// A bundle and a hashed folder together trust what either trusts, on one handshake, as curl does; a chain
    /// neither knows fails that handshake.
    @Test func aBundleAndAHashedFolderTogetherTrustWhatEitherTrusts() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let otherFolder = TLSHarness.certificates + "/other-ca-folder"
        let widened = try sandbox.run(
            ["signin", "--anonymous", "--json"],
            environment: [
                "SSL_CERT_FILE": TLSHarness.caFile, "SSL_CERT_DIR": otherFolder,
            ])
        #expect(widened.status == 0, "\(widened.stderr)")
        #expect(front.handshakes == 1 && front.failedHandshakes.isEmpty && front.requests.count == 2)
        front.resetEvents()
        let neither = try sandbox.run(
            ["signin", "--anonymous", "--json"],
            environment: [
                "SSL_CERT_FILE": TLSHarness.certificates + "/other-ca.pem", "SSL_CERT_DIR": otherFolder,
            ])
        expectFailure(neither, status: 11, code: "certificate-error")
        #expect(front.await { $0.failedHandshakes.count == 1 } && front.handshakes == 0 && front.requests.isEmpty)
    }

    /// Every request goes through libcurl, loaded at run time: with a broken `libcurl.so.4` first on the loader's
    /// path, https:// and an emulator on this machine alike fail before anything is sent, saying so.
    @Test func everyRequestGoesThroughLibcurl() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let broken = NSTemporaryDirectory() + "fauth-broken-libcurl-\(getpid())"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: broken) }
        #expect(FileManager.default.createFile(atPath: broken + "/libcurl.so.4", contents: Data("not a library".utf8)))
        let environment = ["LD_LIBRARY_PATH": broken, "SSL_CERT_FILE": TLSHarness.caFile]
        let direct = try sandbox.run(["signin", "--anonymous", "--json"], environment: environment)
        #expect(
            direct.status != 0 && direct.error["message"]?.string?.contains("libcurl could not be loaded") == true,
            "\(direct.stderr)")
        let local = try FauthSandbox(emulator: emulator).run(
            ["signin", "--anonymous", "--json"], environment: environment)
        #expect(
            local.status != 0 && local.error["message"]?.string?.contains("libcurl could not be loaded") == true,
            "\(local.stderr)")
        #expect(front.handshakes == 0 && front.requests.isEmpty && emulator.requestCount("accounts:signUp") == 0)
        let working = try sandbox.run(
            ["signin", "--anonymous", "--json"], environment: ["SSL_CERT_FILE": TLSHarness.caFile])
        #expect(working.status == 0, "\(working.stderr)")
    }

    /// `--ca-file` may be a pipe, as `--ca-file <(…)` makes it: it is read once, for all of the command's calls.
    @Test func aCAFileMayBeAPipe() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let (pipe, writer) = try fifo("ca.fifo", in: sandbox, writtenBy: #"cat "$2" > "$1""#)
        let run = try sandbox.run(["signin", "--anonymous", "--json", "--ca-file", pipe])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(front.handshakes == 1 && front.requests.count == 2)
        #expect(try writer.waitForExit(within: 60) == 0)
    }

    /// A pipe that never ends, or a FIFO nobody writes to, fails the command (usage, exit 2) before any request
    /// instead of holding it: at most 8 MiB are read, within the command's timeout.
    @Test func aCAPipeThatNeverEndsOrNeverStartsIsRefusedBeforeAnyRequest() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let (endless, writer) = try fifo("endless.fifo", in: sandbox, writtenBy: #"exec yes > "$1""#)
        let silent = sandbox.root.path + "/silent.fifo"
        #expect(mkfifo(silent, 0o600) == 0)
        defer { writer.signal(SIGKILL) }
        let tooMuch = try sandbox.run(["signin", "--anonymous", "--json", "--ca-file", endless])
        expectFailure(tooMuch, status: 2, code: "usage")
        let tooMuchMessage = tooMuch.error["message"]?.string ?? ""
        #expect(tooMuchMessage.hasPrefix("--ca-file: '\(endless)' carried more than 8 MiB"), "\(tooMuchMessage)")
        let started = Date()
        let nothing = try sandbox.run(["signin", "--anonymous", "--json", "--timeout", "1", "--ca-file", silent])
        expectFailure(nothing, status: 2, code: "usage")
        let nothingMessage = nothing.error["message"]?.string ?? ""
        #expect(
            nothingMessage.contains("'\(silent)' did not reach its end within the 1.0 s timeout"), "\(nothingMessage)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(front.handshakes == 0 && front.requests.isEmpty, "\(front.events)")
    }

    /// A pipe's certificates that libcurl cannot use are reported under the pipe's name, not fauth's copy's.
    @Test func aCAPipeWithoutCertificatesIsNamedInTheError() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let (pipe, writer) = try fifo("garbage.fifo", in: sandbox, writtenBy: #"echo garbage > "$1""#)
        let run = try sandbox.run(["signin", "--anonymous", "--json", "--ca-file", pipe])
        expectFailure(run, status: 11, code: "certificate-error")
        let message = run.error["message"]?.string ?? ""
        #expect(message.contains("certificate file: \(pipe)") && !message.contains("/proc/"), "\(message)")
        #expect(try writer.waitForExit(within: 60) == 0)
    }

    @Test func aCAFileThatCannotBeReadIsAUsageError() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let sandbox = try sandbox(front)
        let missing = try sandbox.run(["signin", "--anonymous", "--json", "--ca-file", "/nonexistent/ca.pem"])
        expectFailure(missing, status: 2, code: "usage")
        #expect(missing.error["message"]?.string?.contains("--ca-file: '/nonexistent/ca.pem'") == true)
        let folderAsFile = try sandbox.run(["signin", "--anonymous", "--json"], environment: ["SSL_CERT_FILE": "/"])
        expectFailure(folderAsFile, status: 2, code: "usage")
        #expect(folderAsFile.error["message"]?.string?.hasPrefix("SSL_CERT_FILE: '/'") == true)
        #expect(front.events.isEmpty)
    }
}

/// Transport failures say what happened and where: a certificate that does not verify is `certificate-error`
/// (exit 11, never retried); the rest are `network-error` naming the cause and the host, libcurl's words kept in
/// `underlying`.
@Suite struct TransportErrorTests {
    @Test(arguments: [
        ("untrusted", "is not trusted"), ("wrong-name", "is for another name"), ("expired", "has expired"),
    ])
    func aCertificateThatDoesNotVerifyIsACertificateError(certificate: String, problem: String) throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: certificate, emulator: emulator)
        let sandbox = try FauthSandbox(emulator: nil)
        sandbox.environment["FAUTH_API_KEY"] = "AIza-secret-key"
        let run = try sandbox.run([
            "signin", "--anonymous", "--json", "--endpoint", front.url, "--ca-file", TLSHarness.caFile,
        ])
        expectFailure(run, status: 11, code: "certificate-error")
        #expect(run.error["retryable"] == false && run.error["action"] == "fix-config")
        #expect(
            run.error["message"]?.string?.hasPrefix("The TLS certificate of localhost:\(front.port) \(problem)")
                == true,
            "\(run.stderr)")
        #expect(run.error["underlying"]?["domain"] == "curl" && run.error["underlying"]?["code"] == 60)
        #expect(!run.stderr.contains("AIza-secret-key"))
        front.await { $0.failedHandshakes.count + $0.handshakes >= 1 }
        usleep(200_000)
        #expect(front.failedHandshakes.count + front.handshakes == 1, "a certificate error is never retried")
        #expect(front.requests.isEmpty && sandbox.sessionBytes() == nil)
        let text = try sandbox.run(["signin", "--anonymous", "--endpoint", front.url, "--ca-file", TLSHarness.caFile])
        #expect(text.stderr.hasPrefix("fauth: The TLS certificate of localhost:\(front.port) \(problem)"))
        #expect(text.stderr.contains("(certificate-error)\nhint: trust the server's CA with --ca-file"))
    }

    @Test func aServerThatStallsMidResponseTimesOutAfterTheTimeout() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator, stall: true)
        let sandbox = try FauthSandbox(emulator: nil)
        let started = Date()
        let run = try sandbox.run([
            "signin", "--anonymous", "--json", "--api-key", "AIza-test", "--endpoint", front.url,
            "--ca-file", TLSHarness.caFile, "--timeout", "1.5",
        ])
        expectFailure(run, status: 10, code: "network-error")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(
            run.error["message"]?.string
                == "No complete answer from localhost:\(front.port): timeout after 1.5 s (--timeout, FAUTH_TIMEOUT).")
        #expect(run.error["underlying"]?["code"] == 28 && run.error["retryable"] == true)
        #expect(front.requests.count == 1, "signUp is not idempotent: it is not repeated")
    }

    @Test func connectionRefusedAndAnUnknownHostNameTheHost() throws {
        let closed = try RunningEmulator()
        let port = closed.server.port
        closed.server.stop()
        let sandbox = try FauthSandbox(emulator: nil)
        for (endpoint, host, message) in [
            ("https://localhost:\(port)", "localhost:\(port)", "connection refused"),
            ("https://fauth-test.invalid", "fauth-test.invalid", "unknown host"),
        ] {
            let run = try sandbox.run([
                "signin", "--anonymous", "--json", "--api-key", "AIza-test", "--endpoint", endpoint, "--timeout", "30",
            ])
            expectFailure(run, status: 10, code: "network-error")
            #expect(run.error["message"]?.string?.hasPrefix("Cannot ") == true)
            #expect(run.error["message"]?.string?.contains("\(host): \(message)") == true, "\(run.stderr)")
            #expect(run.error["underlying"]?["code"] != nil)
        }
        let emulatorDown = try sandbox.run(["signin", "--anonymous", "--emulator", "127.0.0.1:\(port)"])
        #expect(emulatorDown.status == 10)
        #expect(emulatorDown.stderr.hasPrefix("fauth: Cannot connect to 127.0.0.1:\(port): connection refused"))
    }
}
