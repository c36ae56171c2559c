import Foundation
import Testing

/// The scripts in examples/ (which README shows) run to success through `fauth-emulator exec` with the built binaries.
@Suite struct ExampleScriptTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    static var scripts: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []).filter { $0.hasSuffix(".sh") }.sorted()
    }

    @Test func thereAreExamples() {
        #expect(Self.scripts.contains("quickstart.sh") && Self.scripts.contains("federated.sh"))
    }

    @Test(arguments: scripts)
    func exampleRunsToSuccess(script: String) throws {
        let process = Process()
        process.executableURL = BuiltBinaries.emulator
        process.arguments = ["exec", "--", Self.examples.appendingPathComponent(script).path]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"]
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let log = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(script) failed:\n\(log)")
    }
}
