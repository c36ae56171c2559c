import Foundation
import Testing
import FauthJSON

/// The Python virtual environment scripts/bootstrap makes in `.build/admin-sdk` (Firebase's Admin SDK, pyrebase4,
/// firebase-rest-api), and the scripts under Tests/AdminSDK that drive them against an emulator.
enum PythonVenv {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `Tests/AdminSDK/<script>` with `arguments` against `emulator`; expects exit 0 and returns its JSON answer.
    static func run(_ script: String, _ arguments: [String], emulator: RunningEmulator) throws -> JSONValue {
        let python = root.appendingPathComponent(".build/admin-sdk/bin/python")
        try #require(FileManager.default.isExecutableFile(atPath: python.path), "the Python clients are not installed: run scripts/bootstrap")
        let process = Process()
        process.executableURL = python
        process.arguments = [root.appendingPathComponent("Tests/AdminSDK/" + script).path] + arguments
        process.environment = ["FIREBASE_AUTH_EMULATOR_HOST": emulator.host, "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(script) \(arguments.joined(separator: " ")): \(problems)")
        return try JSONValue.parse(Array(data))
    }
}
