import FauthJSON
import Foundation
import Testing

/// The Python virtual environment scripts/bootstrap makes in `.build/admin-sdk` (Firebase's Admin SDK, pyrebase4,
/// firebase-rest-api), and the scripts under Tests/AdminSDK that drive them against an emulator.
enum PythonVenv {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `Tests/AdminSDK/<script>` with `arguments` against `emulator`; expects exit 0 and returns its JSON answer.
    static func run(_ script: String, _ arguments: [String], emulator: RunningEmulator) throws -> JSONValue {
        let python = root.appendingPathComponent(".build/admin-sdk/bin/python")
        try #require(
            FileManager.default.isExecutableFile(atPath: python.path),
            "the Python clients are not installed: run scripts/bootstrap")
        let process = try SpawnedProcess(
            path: python.path,
            rawArguments: ([root.appendingPathComponent("Tests/AdminSDK/" + script).path] + arguments).map {
                Array($0.utf8)
            },
            // No __pycache__ beside the scripts (python_clients.py imports the TLS harness).
            environment: [
                "FIREBASE_AUTH_EMULATOR_HOST": emulator.host, "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
                "PYTHONDONTWRITEBYTECODE": "1",
            ])
        let status = try process.waitForExit(within: 120)
        #expect(status == 0, "\(script) \(arguments.joined(separator: " ")): \(process.standardError)")
        return try JSONValue.parse(process.outputBytes.stdout)
    }
}
