import FauthJSON
import Foundation
import Testing

/// The JSON Schemas of `schemas/` and the check every end-to-end run goes through (`OutputSchemas`): every command
/// has a schema, the validator refuses a document that drifts from it, and a run without a schema is a test issue.
struct OutputSchemaTests {
    /// Every command of the reference (docs/cli.md, generated from the declarations) but `help` has its schema, and
    /// so does the error object.
    @Test func everyCommandOfTheReferenceHasASchema() throws {
        let reference = try String(
            contentsOf: PythonVenv.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let commands = reference.split(separator: "\n").filter { $0.hasPrefix("### fauth ") }
            .map { $0.dropFirst("### fauth ".count).split(separator: " ").joined(separator: "-") }
        #expect(commands.count > 15, "\(commands)")
        let groups = Set(commands.filter { $0.contains("-") }.map { String($0.prefix { $0 != "-" }) })
        for name in commands + ["error"] where name != "help" && !groups.contains(name) {
            let path = OutputSchemas.folder.appendingPathComponent("\(name).json").path
            #expect(FileManager.default.fileExists(atPath: path), "no schema for \(name): \(path)")
        }
    }

    /// A real `status --json` is valid; the same document with a key the schema does not name, or without one it
    /// requires, is refused.
    @Test func theValidatorRefusesADocumentThatDrifts() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("drift@example.com")
        let run = try sandbox.run(["status", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try OutputSchemas.validator.validate(run.stdout, schema: "status")["errors"] == [])
        var status = try #require(run.json.object)
        status["surprise"] = true
        let added = try OutputSchemas.validator.validate(JSONValue.object(status).serialized(), schema: "status")
        #expect(added["errors"]?.array?.count == 1, "\(added)")
        status["surprise"] = nil
        var user = try #require(status["user"]?.object)
        user["uid"] = nil
        status["user"] = .object(user)
        let removed = try OutputSchemas.validator.validate(JSONValue.object(status).serialized(), schema: "status")
        #expect(removed["errors"]?.array?.count == 1, "\(removed)")
    }

    /// A `--json` result of a command that has no schema, and an error object that misses a key, are test issues.
    @Test func aRunWithoutItsSchemaOrWithADriftedErrorIsAnIssue() {
        withKnownIssue {
            OutputSchemas.check(
                FauthRun(status: 0, stdout: "{}\n", stderr: ""),
                arguments: ["--profile", "p", "no-such-command", "--json"].map { Array($0.utf8) })
        }
        withKnownIssue {
            OutputSchemas.check(
                FauthRun(status: 2, stdout: "", stderr: "{\"error\": {\"code\": \"usage\"}}\n"),
                arguments: ["signin", "--json"].map { Array($0.utf8) })
        }
        #expect(OutputSchemas.schemaName(words: ["--profile", "bob", "mfa", "list", "--json"]) == "mfa-list")
        #expect(OutputSchemas.schemaName(words: ["signin", "--email", "a@example.com", "--json"]) == "signin")
        #expect(OutputSchemas.schemaName(words: ["--version", "--json"]) == "version")
    }
}
