import Foundation
import Testing

/// The scripts in examples/ (which README.md and docs/ show) run to success through `fauth-emulator exec` with the
/// built binaries.
@Suite struct ExampleScriptTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    static var scripts: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []).filter { $0.hasSuffix(".sh") }
            .sorted()
    }

    @Test func thereAreExamples() {
        #expect(
            Self.scripts.contains("quickstart.sh") && Self.scripts.contains("federated.sh")
                && Self.scripts.contains("mfa-totp.sh")
                && Self.scripts.contains("no-browser.sh"))
    }

    @Test(arguments: scripts)
    func exampleRunsToSuccess(script: String) throws {
        let process = try SpawnedProcess(
            path: BuiltBinaries.emulator.path,
            rawArguments: ["exec", "--", Self.examples.appendingPathComponent(script).path].map { Array($0.utf8) },
            environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"])
        let status = try process.waitForExit(within: 300)
        #expect(status == 0, "\(script) failed:\n\(process.standardOutput)\(process.standardError)")
    }
}
