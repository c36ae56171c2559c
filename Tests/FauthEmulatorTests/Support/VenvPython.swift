import Foundation
import Testing

/// The Python of the venv `scripts/bootstrap` makes (`.build/admin-sdk`), for checks by libraries nobody here wrote.
enum VenvPython {
    /// Runs `script` with `arguments`; its exit status and its output (stdout and stderr together).
    static func run(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let python = root.appendingPathComponent(".build/admin-sdk/bin/python").path
        try #require(FileManager.default.isExecutableFile(atPath: python), "\(python): run scripts/bootstrap")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script] + arguments
        process.environment = ["PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, printed)
    }

    /// A file of a fresh name in the temporary directory holding `bytes`; the caller removes it.
    static func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
        let file = NSTemporaryDirectory() + "fauth-\(name)-\(UInt64.random(in: 0 ... .max)).json"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
}
