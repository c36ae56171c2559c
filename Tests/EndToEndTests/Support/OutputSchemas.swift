import FauthJSON
import Foundation
import Glibc
import Testing

/// Holds every `--json` document an end-to-end test gets from `fauth` to its JSON Schema in `schemas/`: the result
/// on stdout to the command's schema (`signin.json`, `mfa-list.json`, …), the error object on stderr's last line to
/// `error.json`, a `--device` sign-in's instructions line to `device-authorization.json`. An independent validator (`Tests/SchemaValidator/schema_validator.py`, the `jsonschema` library
/// check-jsonschema is built on) judges; a document that does not match, or a command with no schema, is a test issue.
enum OutputSchemas {
    /// The folder of the schemas.
    static let folder = PythonVenv.root.appendingPathComponent("schemas")

    /// Records an issue for each document of `run` (fauth started with `arguments`) that its schema refuses.
    static func check(_ run: FauthRun, arguments: [[UInt8]], sourceLocation: SourceLocation = #_sourceLocation) {
        let words = arguments.map { String(decoding: $0, as: UTF8.self) }.prefix { $0 != "--" }
        guard words.contains("--json"), !words.contains("--help"), !words.contains("-h") else { return }
        let lines = run.stderr.split(separator: "\n").map(String.init)
        // A device sign-in's instructions (`--device`) come on a line of their own before the wait.
        for line in lines where line.hasPrefix(#"{"deviceAuthorization""#) {
            expectValid(line, schema: "device-authorization", sourceLocation: sourceLocation)
        }
        if let line = lines.last, line.hasPrefix("{"), !line.hasPrefix(#"{"deviceAuthorization""#) {
            expectValid(line, schema: "error", sourceLocation: sourceLocation)
        }
        guard run.status == 0, !run.stdout.isEmpty else { return }
        guard let schema = schemaName(words: Array(words)) else {
            Issue.record(
                "no schema in schemas/ for the --json output of `fauth \(words.joined(separator: " "))`",
                sourceLocation: sourceLocation)
            return
        }
        if schema == "help" { return }  // help is text, even with --json (docs/design/cli.md)
        expectValid(run.stdout, schema: schema, sourceLocation: sourceLocation)
    }

    /// The schema of the command `words` run: `version` for `--version`, else the first word naming a command
    /// that has a schema (or `help`), joined with its subcommand when `COMMAND-SUBCOMMAND.json` exists; nil for none.
    static func schemaName(words: [String]) -> String? {
        if words.contains("--version") { return "version" }
        let names = Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) })
        let commands = Set(names.map { String($0.prefix { $0 != "-" }) }).union(["help"])
        let operands = words.filter { !$0.hasPrefix("-") }
        guard let index = operands.firstIndex(where: { commands.contains($0) || names.contains($0) }) else {
            return nil
        }
        let command = operands[index]
        if index + 1 < operands.count, names.contains("\(command)-\(operands[index + 1])") {
            return "\(command)-\(operands[index + 1])"
        }
        return names.contains(command) || command == "help" ? command : nil
    }

    /// Records an issue unless `document` is valid against `schemas/<schema>.json`.
    static func expectValid(_ document: String, schema: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let reply = try validator.validate(document, schema: schema)
            if let missing = reply["missing"]?.string {
                Issue.record("no schema schemas/\(missing).json", sourceLocation: sourceLocation)
            }
            let errors = reply["errors"]?.array?.compactMap(\.string) ?? []
            if !errors.isEmpty {
                Issue.record(
                    "the output does not match schemas/\(schema).json: \(errors.joined(separator: "; "))\n\(document)",
                    sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("schema validation failed: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// The one validator process of this test run, started at first use; it ends when this process does (its input
    /// closes).
    static let validator = SchemaValidatorProcess()
}

/// The long-lived `schema_validator.py` process, asked one document at a time over a socket pair (its stdin and
/// stdout), each answer awaited at most 60 seconds.
final class SchemaValidatorProcess: @unchecked Sendable {
    private let lock = NSLock()
    private var started: Result<(process: SpawnedProcess, socket: Int32), Error>?
    private var pending: [UInt8] = []

    /// The validator's answer for `document` against `schema`: `{"errors": [...]}` or `{"missing": NAME}`.
    func validate(_ document: String, schema: String) throws -> JSONValue {
        lock.lock()
        defer { lock.unlock() }
        let (process, socket) = try connection()
        let request: JSONValue = ["schema": .string(schema), "document": .string(document)]
        var bytes = Array((request.serialized() + "\n").utf8)
        while !bytes.isEmpty {
            // MSG_NOSIGNAL: a validator that died is an error here, not a SIGPIPE that ends the test run.
            let sent = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw SpawnError(description: "the schema validator stopped reading") }
            bytes.removeFirst(sent)
        }
        let deadline = Date().addingTimeInterval(60)
        while !pending.contains(UInt8(ascii: "\n")) {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&ready, 1, left) > 0 else {
                throw SpawnError(description: "the schema validator gave no answer within 60 s")
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                throw SpawnError(description: "the schema validator exited: \(process.standardError)")
            }
            pending += chunk[..<count]
        }
        let newline = pending.firstIndex(of: UInt8(ascii: "\n"))!
        defer { pending.removeFirst(newline + 1) }
        return try JSONValue.parse(Array(pending[..<newline]))
    }

    /// The running validator and this process's end of the socket pair, started on first use (a failure to start
    /// is kept and thrown again).
    private func connection() throws -> (process: SpawnedProcess, socket: Int32) {
        if started == nil { started = Result { try start() } }
        return try started!.get()
    }

    private func start() throws -> (process: SpawnedProcess, socket: Int32) {
        let python = PythonVenv.root.appendingPathComponent(".build/admin-sdk/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw SpawnError(description: "\(python) is missing: run scripts/bootstrap")
        }
        // Close-on-exec from the start, so that no fauth a test starts meanwhile holds this process's end: the
        // validator sees end of input when this process exits, and exits too.
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw SpawnError(description: "socketpair: \(String(cString: strerror(errno)))")
        }
        let script = PythonVenv.root.appendingPathComponent("Tests/SchemaValidator/schema_validator.py").path
        let process = try SpawnedProcess(
            path: python, rawArguments: [script, OutputSchemas.folder.path].map { Array($0.utf8) },
            environment: ["PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1", "LANG": "C.UTF-8"],
            inherited: [(pair[1], 0), (pair[1], 1)])
        close(pair[1])
        return (process, pair[0])
    }
}
