import FauthJSON
import Foundation
import Glibc
import Testing

/// A pseudo-terminal whose slave side becomes a child's controlling terminal; the test types through the master.
final class PseudoTerminal {
    let master: Int32
    let slavePath: String
    /// The test's own descriptor on the slave, to read its termios (and keep the terminal alive).
    private let slave: Int32

    /// Opens a new pty pair (posix_openpt, grantpt, unlockpt, ptsname: looked up in the C library, since
    /// Swift's Glibc module leaves out these X/Open functions).
    init() throws {
        guard let library = dlopen(nil, RTLD_NOW) else { throw SpawnError(description: "dlopen failed") }
        defer { dlclose(library) }
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias OnMaster = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        guard let openSymbol = dlsym(library, "posix_openpt"), let grantSymbol = dlsym(library, "grantpt"),
            let unlockSymbol = dlsym(library, "unlockpt"), let nameSymbol = dlsym(library, "ptsname")
        else {
            throw SpawnError(description: "the C library has no pseudo-terminal functions")
        }
        let grantpt = unsafeBitCast(grantSymbol, to: OnMaster.self)
        let unlockpt = unsafeBitCast(unlockSymbol, to: OnMaster.self)
        master = unsafeBitCast(openSymbol, to: OpenPT.self)(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0,
            let name = unsafeBitCast(nameSymbol, to: Name.self)(master)
        else {
            throw SpawnError(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        slavePath = String(cString: name)
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw SpawnError(description: "cannot open \(slavePath)") }
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Whether the terminal echoes what is typed.
    var echoes: Bool {
        var attributes = termios()
        tcgetattr(slave, &attributes)
        return attributes.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Types `text` as if on the keyboard.
    func type(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// What the terminal shows, read until `expected` appears or `seconds` pass.
    func read(until expected: String? = nil, within seconds: Double) -> String {
        var shown: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let expected, String(decoding: shown, as: UTF8.self).contains(expected) { break }
            var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            shown += chunk[0..<count]
        }
        return String(decoding: shown, as: UTF8.self)
    }
}

/// The password prompt on a real (pseudo) terminal: no echo, Ctrl-C restores the terminal, exits 130 and writes
/// nothing; a typed password signs in without being shown.
@Suite struct PasswordPromptTerminalTests {
    static let prompt = "Password for tty@example.com: "

    private func startSignIn(_ sandbox: FauthSandbox, on terminal: PseudoTerminal, blockedSignals: [Int32] = []) throws
        -> SpawnedProcess
    {
        try SpawnedProcess(
            path: BuiltBinaries.fauth.path,
            rawArguments: [Array("signin".utf8), Array("--email".utf8), Array("tty@example.com".utf8)],
            environment: sandbox.environment, controllingTerminal: terminal.slavePath, blockedSignals: blockedSignals)
    }

    /// SIGTERM at the prompt restores the terminal too, and is reported as everywhere else: `terminated`, whose
    /// `exitCode` 143 is the status fauth exits with.
    @Test func sigtermAtThePromptRestoresTheTerminalAndExits143AsItsErrorSays() throws {
        let sandbox = try FauthSandbox(emulator: try RunningEmulator())
        let terminal = try PseudoTerminal()
        let process = try SpawnedProcess(
            path: BuiltBinaries.fauth.path,
            rawArguments: ["signin", "--json", "--email", "tty@example.com"].map { Array($0.utf8) },
            environment: sandbox.environment, controllingTerminal: terminal.slavePath, blockedSignals: [])
        let shown = terminal.read(until: Self.prompt, within: 60)
        try #require(shown.contains(Self.prompt), "no prompt on the terminal; stderr: \(process.standardError)")
        process.signal(SIGTERM)
        #expect(try process.waitForExit(within: 60) == 143)
        #expect(terminal.echoes, "the terminal is restored")
        let error = (try? JSONValue.parse(Array(process.standardError.utf8)))?["error"]
        #expect(error?["code"] == "terminated" && error?["exitCode"] == 143, "\(process.standardError)")
        #expect(sandbox.sessionBytes() == nil)
    }

    /// Ctrl-\\ (SIGQUIT) at the prompt ends fauth as Ctrl-C does, with `quit` and 131, the terminal restored and no
    /// crash report from the Swift runtime (whose backtracer would otherwise wait at its own prompt); SIGHUP too.
    @Test(arguments: [SIGQUIT, SIGHUP])
    func quitOrHangupAtThePromptRestoresTheTerminalWithoutACrashReport(signal: Int32) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let terminal = try PseudoTerminal()
        let process = try startSignIn(sandbox, on: terminal)
        let shown = terminal.read(until: Self.prompt, within: 60)
        try #require(shown.contains(Self.prompt), "no prompt on the terminal; stderr: \(process.standardError)")
        if signal == SIGQUIT { terminal.type("half-typed\u{1C}") } else { process.signal(SIGHUP) }
        #expect(try process.waitForExit(within: 60) == 128 + signal)
        #expect(terminal.echoes, "the terminal is restored")
        let rest = terminal.read(within: 0.3)
        #expect(!rest.contains("half-typed") && !rest.contains("Crash"), "\(rest.debugDescription)")
        let code = signal == SIGQUIT ? "quit" : "hangup"
        let stderr = process.standardError
        #expect(stderr.hasPrefix("fauth: ") && stderr.hasSuffix("(\(code))\n"), "\(stderr)")
        #expect(process.standardOutput.isEmpty)
        #expect(sandbox.sessionFolderEntries().allSatisfy { $0.hasSuffix(".lock") })
        #expect(emulator.requestCount("accounts:signInWithPassword") == 0)
    }

    /// Also when started by a parent that left SIGINT blocked (a blocked mask survives exec).
    @Test(arguments: [[], [SIGINT, SIGTERM]])
    func ctrlCAtThePromptRestoresTheTerminalExits130AndWritesNothing(blockedSignals: [Int32]) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let terminal = try PseudoTerminal()
        #expect(terminal.echoes)
        let process = try startSignIn(sandbox, on: terminal, blockedSignals: blockedSignals)
        let shown = terminal.read(until: Self.prompt, within: 60)
        try #require(
            shown.contains(Self.prompt),
            "no prompt on the terminal; it showed \(shown.debugDescription); stderr: \(process.standardError)")
        #expect(!terminal.echoes, "echo is off while the password is typed")
        terminal.type("half-typed\u{03}")
        #expect(try process.waitForExit(within: 60) == 130)
        #expect(terminal.echoes, "the terminal is restored")
        #expect(!terminal.read(within: 0.2).contains("half-typed"))
        #expect(process.standardError.contains("(interrupted)"), "\(process.standardError)")
        #expect(process.standardOutput.isEmpty)
        #expect(sandbox.sessionBytes() == nil)
        #expect(sandbox.sessionFolderEntries().allSatisfy { $0.hasSuffix(".lock") })
        #expect(emulator.requestCount("accounts:signInWithPassword") == 0)
    }

    @Test func ctrlDAtThePromptEndsItsLineBeforeTheErrorAndCancels() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let terminal = try PseudoTerminal()
        let process = try startSignIn(sandbox, on: terminal)
        let prompt = terminal.read(until: Self.prompt, within: 60)
        try #require(prompt.contains(Self.prompt), "no prompt; stderr: \(process.standardError)")
        terminal.type("\u{04}")
        #expect(try process.waitForExit(within: 60) == 3, "\(process.standardError)")
        let shown = prompt + terminal.read(within: 0.3)
        #expect(shown.hasSuffix(Self.prompt + "\r\n"), "the prompt's line is ended: \(shown.debugDescription)")
        #expect(process.standardError.contains("(cancelled)"), "\(process.standardError)")
        #expect(terminal.echoes, "the terminal is restored")
    }

    @Test func aPasswordTypedAtThePromptSignsInWithoutBeingShown() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try #require(try sandbox.signUp("tty@example.com", password: "typed-secret-77").status == 0)
        try #require(try sandbox.run(["signout"]).status == 0)
        let terminal = try PseudoTerminal()
        let process = try startSignIn(sandbox, on: terminal)
        let prompt = terminal.read(until: Self.prompt, within: 60)
        try #require(prompt.contains(Self.prompt), "no prompt; stderr: \(process.standardError)")
        #expect(!terminal.echoes)
        terminal.type("typed-secret-77\n")
        #expect(try process.waitForExit(within: 60) == 0, "\(process.standardError)")
        let shown = prompt + terminal.read(within: 0.3)
        #expect(!shown.contains("typed-secret-77"), "the password was echoed: \(shown.debugDescription)")
        #expect(terminal.echoes, "the terminal is restored")
        #expect(sandbox.session()?["user"]?["email"] == "tty@example.com")
    }
}
