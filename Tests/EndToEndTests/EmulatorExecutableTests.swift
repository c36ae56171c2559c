import FauthJSON
import FauthTestSupport
import Foundation
import Glibc
import Testing

/// Runs `fauth-emulator exec [options] -- sh -c SCRIPT [$0]` and returns the process (already exited) and its status.
private func execShell(_ script: String, options: [String] = [], argument: String? = nil, _ more: String...) throws -> (
    SpawnedProcess, Int32
) {
    let process = try SpawnedProcess(
        "fauth-emulator", ["exec"] + options + ["--", "sh", "-c", script] + [argument].compactMap { $0 } + more)
    return (process, try process.waitForExit())
}

/// The processes running `sleep DURATION` for one of `durations` (their /proc entries).
private func sleepers(_ durations: [String]) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { entry in
        guard Int32(entry) != nil, let cmdline = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else {
            return false
        }
        let arguments = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return arguments.count == 2 && arguments[0] == "sleep" && durations.contains(arguments[1])
    }
}

/// A `sleep` duration unique to this run (`base`.random digits), so that other tests' sleepers are not mistaken for
/// this one's.
private func uniqueDuration(_ base: Int) -> String {
    "\(base).\(UInt32.random(in: 1_000_000 ... 9_999_999))"
}

/// The real path of a file or folder (symlinks resolved).
private func realPath(_ path: String) -> String {
    URL(fileURLWithPath: path).resolvingSymlinksInPath().path
}

@Suite("fauth-emulator executable", .serialized)
struct EmulatorExecutableTests {
    @Test func printsOneReadyLineThenServesUntilSIGTERM() throws {
        let emulator = try SpawnedProcess("fauth-emulator", ["--port", "0", "--project", "demo-e2e"])
        let line = try emulator.firstLine()
        let prefix = "fauth-emulator listening on http://127.0.0.1:"
        #expect(line.hasPrefix(prefix))
        #expect(line.hasSuffix(" (project demo-e2e)"))
        let port = try #require(Int(line.dropFirst(prefix.count).prefix { $0.isNumber }))

        let client = try TestHTTPClient(port: port)
        let (status, json) = try client.json(method: "GET", path: "/")
        #expect(status == 200)
        #expect(json["authEmulator"]?["ready"]?.bool == true)
        client.close()

        emulator.signal(SIGTERM)
        #expect(try emulator.waitForExit() == 0)
        #expect(emulator.standardOutput == line + "\n")
    }

    @Test func aPortInUseIsReportedWithStatus1() throws {
        let first = try SpawnedProcess("fauth-emulator", ["--port", "0"])
        let line = try first.firstLine()
        let port = String(line.split(separator: ":").last!.prefix { $0.isNumber })
        let second = try SpawnedProcess("fauth-emulator", ["--port", port])
        #expect(try second.waitForExit() == 1)
        #expect(second.standardError.hasPrefix("fauth-emulator: cannot listen on 127.0.0.1:\(port)"))
        #expect(second.standardOutput.isEmpty)
        first.signal(SIGINT)
        #expect(try first.waitForExit() == 0)
    }

    @Test func execExitsWithTheCommandsStatus() throws {
        #expect(try execShell("exit 3").1 == 3)
        #expect(try execShell("exit 0").1 == 0)
        #expect(try execShell("kill -9 $$").1 == 137)
    }

    @Test func execReportsACommandThatCannotStartWith127() throws {
        let process = try SpawnedProcess("fauth-emulator", ["exec", "--", "fauth-no-such-command"])
        #expect(try process.waitForExit() == 127)
        #expect(process.standardError.contains("fauth-no-such-command: command not found"))
    }

    @Test func execSetsTheEmulatorHostAndPutsItsFolderFirstOnPath() throws {
        let (process, status) = try execShell(
            #"echo "$FIREBASE_AUTH_EMULATOR_HOST"; echo "$PATH"; command -v fauth-emulator"#)
        #expect(status == 0)
        let lines = process.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        let host = lines[0]
        #expect(host.hasPrefix("127.0.0.1:"))
        let port = try #require(Int(host.dropFirst("127.0.0.1:".count)))
        #expect(port > 0 && port != 9099)
        let firstOnPath = String(lines[1].split(separator: ":").first ?? "")
        #expect(realPath(firstOnPath) == realPath(SpawnedProcess.binaryDirectory))
        #expect(realPath(lines[2]) == realPath(SpawnedProcess.binaryDirectory + "/fauth-emulator"))
    }

    @Test func execServesTheEmulatorWhileTheCommandRuns() throws {
        // The command prints the host it was given, then waits for a marker file the test creates once it has
        // talked to the emulator.
        let marker = NSTemporaryDirectory() + "fauth-e2e-marker-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        defer { unlink(marker) }
        let process = try SpawnedProcess(
            "fauth-emulator",
            [
                "exec", "--", "sh", "-c",
                #"echo "$FIREBASE_AUTH_EMULATOR_HOST"; while [ ! -e "$0" ]; do sleep 0.05; done"#, marker,
            ])
        let host = try process.firstLine()
        let port = try #require(Int(host.split(separator: ":").last ?? ""))
        let (status, json) = try TestHTTPClient(port: port).json(method: "GET", path: "/")
        #expect(status == 200)
        #expect(json["authEmulator"]?["ready"]?.bool == true)
        _ = FileManager.default.createFile(atPath: marker, contents: nil)
        #expect(try process.waitForExit() == 0)
    }

    @Test func execLeavesNoProcessBehind() throws {
        let pidFile = NSTemporaryDirectory() + "fauth-e2e-pid-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        defer { unlink(pidFile) }
        // One orphan that dies of SIGTERM, one that ignores it and needs SIGKILL.
        let first = uniqueDuration(30)
        let second = uniqueDuration(31)
        let script = #"sleep "$1" & echo $! > "$0"; (trap "" TERM; exec sleep "$2") & exit 0"#
        let (_, status) = try execShell(script, argument: pidFile, first, second)
        #expect(status == 0)
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        let sleeper = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        // The emulator reaped it before exiting, so it is gone, not a zombie.
        #expect(kill(sleeper, 0) == -1 && errno == ESRCH)
        #expect(try sleepers([first, second]).isEmpty)
    }

    /// SIGKILL to `fauth-emulator exec`, which it cannot act on, still ends the command and what it started: the
    /// guard between them gets SIGTERM from the kernel when the emulator dies, and ends them as a stop would.
    @Test func sigkillToExecStillEndsTheCommandAndItsChildren() throws {
        let background = uniqueDuration(32)
        let foreground = uniqueDuration(33)
        let process = try SpawnedProcess(
            "fauth-emulator",
            [
                "exec", "--", "sh", "-c",
                #"sleep "$0" & echo started; exec sleep "$1""#, background, foreground,
            ])
        #expect(try process.firstLine() == "started")
        // "started" comes before either shell has become its sleep: wait until both have.
        let started = Date().addingTimeInterval(60)
        while try sleepers([background, foreground]).count < 2, Date() < started { usleep(20_000) }
        #expect(try sleepers([background, foreground]).count == 2)
        process.signal(SIGKILL)
        #expect(try process.waitForExit() == 128 + SIGKILL)
        let deadline = Date().addingTimeInterval(60)
        while try !sleepers([background, foreground]).isEmpty, Date() < deadline { usleep(20_000) }
        #expect(try sleepers([background, foreground]).isEmpty, "the command and its child outlived the emulator")
    }

    @Test func sigtermToExecIsForwardedToTheCommand() throws {
        let process = try SpawnedProcess("fauth-emulator", ["exec", "--", "sh", "-c", "echo started; exec sleep 30"])
        #expect(try process.firstLine() == "started")
        process.signal(SIGTERM)
        #expect(try process.waitForExit() == 128 + SIGTERM)
    }

    /// A command that ignores SIGINT and SIGTERM is killed when the signal comes a second time (Ctrl-C twice).
    @Test func aSecondSignalKillsACommandThatIgnoresTheFirst() throws {
        let process = try SpawnedProcess(
            "fauth-emulator", ["exec", "--", "sh", "-c", "trap '' TERM INT; echo started; exec sleep 30"])
        #expect(try process.firstLine() == "started")
        process.signal(SIGTERM)
        usleep(300_000)
        process.signal(SIGINT)
        #expect(try process.waitForExit(within: 60) == 128 + SIGKILL)
        #expect(
            process.standardError.contains("fauth-emulator: the command was asked to stop twice; killing it (SIGKILL)"))
    }

    /// A command that ignores SIGTERM keeps running through the grace the first signal starts, then is killed.
    @Test func aCommandThatIgnoresSIGTERMIsKilledAfterItsGrace() throws {
        let process = try SpawnedProcess(
            "fauth-emulator", ["exec", "--", "sh", "-c", "trap '' TERM; echo started; exec sleep 60"])
        #expect(try process.firstLine() == "started")
        process.signal(SIGTERM)
        sleep(2)
        #expect(process.isRunning, "killed before its grace was over")
        #expect(try process.waitForExit(within: 60) == 128 + SIGKILL)
        #expect(
            process.standardError.contains("the command did not stop within 10 s of the signal; killing it (SIGKILL)"))
    }

    @Test func exportOnExitWritesTheFirebaseLayout() throws {
        let directory = NSTemporaryDirectory() + "fauth-e2e-export-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, status) = try execShell("exit 0", options: ["--export-on-exit", directory])
        #expect(status == 0)
        #expect(FileManager.default.fileExists(atPath: directory + "/firebase-export-metadata.json"))
        #expect(FileManager.default.fileExists(atPath: directory + "/auth_export/accounts.json"))

        let reimport = try SpawnedProcess("fauth-emulator", ["exec", "--import", directory, "--", "true"])
        #expect(try reimport.waitForExit() == 0)
        // A missing folder starts empty with a warning (as Firebase's CLI); a folder that is not an export fails.
        let missing = try SpawnedProcess("fauth-emulator", ["exec", "--import", directory + "/nope", "--", "true"])
        #expect(try missing.waitForExit() == 0)
        #expect(
            missing.standardError.hasPrefix("fauth-emulator: warning: import folder \(directory)/nope does not exist"))
        let notAnExport = try SpawnedProcess("fauth-emulator", ["--import", directory + "/auth_export", "--port", "0"])
        #expect(try notAnExport.waitForExit() == 1)
        #expect(notAnExport.standardError.hasPrefix("fauth-emulator: cannot import"))
    }

    /// Issue 26, item 9: the links the emulator hands out (the emailed action links, a provider sign-in's page) point
    /// at the address it serves on, whatever `Host` header a request carries.
    @Test func linksUseTheServedAddressNeverTheRequestsHostHeader() throws {
        let emulator = try SpawnedProcess("fauth-emulator", ["--port", "0", "--project", "demo-e2e"])
        let line = try emulator.firstLine()
        let prefix = "fauth-emulator listening on http://127.0.0.1:"
        let port = try #require(Int(line.dropFirst(prefix.count).prefix { $0.isNumber }))
        let origin = "http://127.0.0.1:\(port)/"
        let client = try TestHTTPClient(port: port)
        let hostile = ["evil.example:666", "127.0.0.1:\(port)@evil.example", "evil.example/x?"]
        for host in hostile {
            for (route, body) in [
                ("sendOobCode", #"{"requestType":"EMAIL_SIGNIN","email":"h@example.com"}"#),
                (
                    "createAuthUri",
                    #"{"providerId":"google.com","continueUri":"http://localhost/cb"}"#
                ),
            ] {
                let request =
                    "POST /identitytoolkit.googleapis.com/v1/accounts:\(route)?key=k HTTP/1.1\r\n"
                    + "Host: \(host)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
                try client.sendRaw(Array(request.utf8))
                let response = try client.readResponse()
                let text = String(decoding: response.body, as: UTF8.self)
                #expect(response.status == 200, "\(route) with Host \(host): \(text)")
                if let link = try JSONValue.parse(response.body)["authUri"]?.string {
                    #expect(link.hasPrefix(origin), "\(route) with Host \(host): \(link)")
                }
            }
        }
        let (_, codes) = try client.json(method: "GET", path: "/emulator/v1/projects/demo-e2e/oobCodes")
        let links = codes["oobCodes"]?.array?.compactMap { $0["oobLink"]?.string } ?? []
        #expect(links.count == hostile.count && links.allSatisfy { $0.hasPrefix(origin) }, "\(links)")
        client.close()
        emulator.signal(SIGTERM)
        #expect(try emulator.waitForExit() == 0)
    }

    @Test func helpAndVersion() throws {
        let help = try SpawnedProcess("fauth-emulator", ["--help"])
        #expect(try help.waitForExit() == 0)
        #expect(help.standardOutput.hasPrefix("Usage: fauth-emulator"))
        let version = try SpawnedProcess("fauth-emulator", ["--version"])
        #expect(try version.waitForExit() == 0)
        #expect(version.standardOutput == "fauth-emulator 0.1.0\n")
    }

    @Test func unknownOptionsExitWith2AndASuggestion() throws {
        let process = try SpawnedProcess("fauth-emulator", ["--prot", "1"])
        #expect(try process.waitForExit() == 2)
        #expect(process.standardError.hasPrefix("fauth-emulator: unknown option --prot (did you mean --port?)"))
        #expect(process.standardOutput.isEmpty)
        let exec = try SpawnedProcess("fauth-emulator", ["exec"])
        #expect(try exec.waitForExit() == 2)
    }
}
