import FauthCore
import FauthTestSupport
import Foundation
import Testing

@testable import FauthCLI

/// What one in-process run of `fauth` produced.
struct CommandLineResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// A `CLIContext` for in-process tests. stdout and stderr are captured. Every other capability a command may use —
/// standard input, files named on the command line, the secret prompt, the network, the clock — fails loudly
/// unless the test scripts it: the test records an issue naming the capability (at the line that made the
/// context) and the command gets an error. The environment is empty unless the test fills it.
final class TestContext: @unchecked Sendable {
    /// The process environment the command sees.
    var environment: [String: String] = [:]
    /// The bytes on standard input; nil: reading it is a test failure.
    var standardInput: [UInt8]?
    /// Variables whose values are not valid UTF-8 (as the system context reports them).
    var malformedVariables: Set<String> = []
    /// What writing to stdout fails with (a full disk); nil: writes succeed and are captured.
    var outputFailure: FauthError?
    /// Files the command may read by path (`@FILE`, `--password-file`); any other path is a test failure.
    var files: [String: [UInt8]] = [:]
    /// The answers the secret prompt gives, in order; nil: prompting is a test failure.
    var secretAnswers: [SecretAnswer]?
    /// The network; nil: any request is a test failure.
    var transport: (any HTTPTransport)?
    /// The clock; nil: reading it is a test failure.
    var now: UnixTime?
    /// What "opening a browser" does with the URL (e.g. visit the listener from a thread); nil: a test failure.
    var browser: (@Sendable (String) -> BrowserOpening)?
    /// The URLs the command asked to open in a browser, in order.
    var openedURLs: [String] { lock.withLock { opened } }
    /// Whether stdout is a terminal.
    var outputIsTerminal = false

    private let lock = NSLock()
    private var output = "", errors = ""
    private var prompted: [String] = []
    private var interrupts: [String] = []
    private var opened: [String] = []
    private let sourceLocation: SourceLocation

    /// Makes a context with nothing scripted; unscripted uses are reported at the caller's location.
    init(sourceLocation: SourceLocation = #_sourceLocation) {
        self.sourceLocation = sourceLocation
    }

    /// The prompts the command asked the secret on, in order.
    var prompts: [String] { lock.withLock { prompted } }
    /// What each prompt would print on Ctrl-C, in order.
    var interruptMessages: [String] { lock.withLock { interrupts } }

    /// Runs `fauth` with `arguments` (after the program name) in this context.
    func run(_ arguments: [String]) -> CommandLineResult {
        run(raw: arguments.map { Array($0.utf8) })
    }

    /// Runs `fauth` with argument bytes as the kernel would pass them (invalid UTF-8 included).
    func run(raw arguments: [[UInt8]]) -> CommandLineResult {
        lock.withLock {
            output = ""
            errors = ""
        }
        let status = FauthCommandLine.run(rawArguments: arguments, context: context)
        return lock.withLock { CommandLineResult(status: status, stdout: output, stderr: errors) }
    }

    /// The `CLIContext` this test context stands for.
    var context: CLIContext {
        CLIContext(
            environment: environment,
            malformedVariables: malformedVariables,
            writeOutput: { text in
                if let failure = self.outputFailure { throw failure }
                self.lock.withLock { self.output += text }
            },
            writeError: { text in self.lock.withLock { self.errors += text } },
            readInput: { limit in
                guard let input = self.standardInput else { throw self.unscripted("standard input (readInput)") }
                return input.count > limit ? nil : input
            },
            readFile: { path, limit, _ in
                guard let bytes = self.files[path] else { throw self.unscripted("the file \(path) (readFile)") }
                return bytes.count > limit ? nil : bytes
            },
            askSecret: { prompt, interrupt, _ in
                self.lock.withLock {
                    self.prompted.append(prompt)
                    self.interrupts.append(interrupt)
                }
                guard var answers = self.secretAnswers, !answers.isEmpty else {
                    Issue.record(
                        "unscripted capability: the secret prompt (askSecret: \(prompt))",
                        sourceLocation: self.sourceLocation)
                    return .noTerminal
                }
                let answer = answers.removeFirst()
                self.secretAnswers = answers
                return answer
            },
            hasTerminal: { self.secretAnswers?.first != .noTerminal },
            transport: UnscriptedTransport(scripted: transport, sourceLocation: sourceLocation),
            now: {
                guard let now = self.now else {
                    Issue.record("unscripted capability: the clock (now)", sourceLocation: self.sourceLocation)
                    return UnixTime.now()
                }
                return now
            },
            openBrowser: { url in
                self.lock.withLock { self.opened.append(url) }
                guard let browser = self.browser else {
                    Issue.record(
                        "unscripted capability: the browser (openBrowser: \(url))", sourceLocation: self.sourceLocation)
                    return .failed("the test did not script a browser")
                }
                return browser(url)
            },
            catchingInterrupts: { body in try body(nil) },
            outputIsTerminal: outputIsTerminal)
    }

    private func unscripted(_ capability: String) -> FauthError {
        Issue.record("unscripted capability: \(capability)", sourceLocation: sourceLocation)
        return FauthError(.internalError, message: "the test did not script \(capability)")
    }
}

/// The test's transport, or, when it set none, one that fails the test on any request.
private struct UnscriptedTransport: HTTPTransport {
    let scripted: (any HTTPTransport)?
    let sourceLocation: SourceLocation

    func send(_ request: TransportRequest) throws(TransportFailure) -> TransportResponse {
        if let scripted { return try scripted.send(request) }
        Issue.record(
            "unscripted capability: the network (transport: \(request.method) \(request.url))",
            sourceLocation: sourceLocation)
        throw .other(code: 0, message: "the test did not script the network")
    }
}

extension TestContext {
    /// A context with a new empty state folder (no session) and an emulator host named, for commands that must stop
    /// before any request: nothing listens there, and the network stays unscripted.
    static func signedOut(sourceLocation: SourceLocation = #_sourceLocation) throws -> TestContext {
        let context = TestContext(sourceLocation: sourceLocation)
        try context.useTemporaryStateFolder()
        context.environment["FIREBASE_AUTH_EMULATOR_HOST"] = "127.0.0.1:9"
        return context
    }

    /// A context with a new empty state folder, an API key for Google's servers, a fixed clock and `transport` as its
    /// network, for commands whose requests the test scripts.
    static func scripted(_ transport: ScriptedTransport, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> TestContext
    {
        let context = TestContext(sourceLocation: sourceLocation)
        try context.useTemporaryStateFolder()
        context.environment["FAUTH_API_KEY"] = "AIzaTESTKEY"
        context.transport = transport
        context.now = UnixTime(seconds: 1_700_000_000)
        return context
    }

    /// Points `XDG_STATE_HOME` at a new empty folder (removed by `removeStateFolder`) and returns it.
    @discardableResult
    func useTemporaryStateFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-cli-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        environment["XDG_STATE_HOME"] = folder
        return folder
    }

    /// Removes the folder made by `useTemporaryStateFolder`.
    func removeStateFolder() {
        if let folder = environment["XDG_STATE_HOME"] { try? FileManager.default.removeItem(atPath: folder) }
    }
}

extension CommandLineResult {
    /// stderr parsed as the JSON error object of a `--json` failure.
    var error: [String: Any]? {
        let object = try? JSONSerialization.jsonObject(with: Data(stderr.utf8)) as? [String: Any]
        return object?["error"] as? [String: Any]
    }
    /// stdout parsed as JSON.
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) }
}
