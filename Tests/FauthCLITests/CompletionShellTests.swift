import Foundation
import Testing

@testable import FauthCLI

/// The completion scripts work in their shells: bash and fish complete commands, options and provider ids; zsh
/// parses its script. The shells come from scripts/bootstrap (bash is everywhere; zsh and fish are Debian packages).
@Suite struct CompletionShellTests {
    static let completions = DocumentationDriftTests.root.appendingPathComponent("completions")

    /// Runs `shell` with `arguments` and returns its stdout; a missing shell fails the test with the fix.
    func run(_ shell: String, _ arguments: [String]) throws -> String {
        let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let executable = try #require(path, "\(shell) is not installed: run scripts/bootstrap")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(shell) \(arguments) failed")
        return String(decoding: data, as: UTF8.self)
    }

    @Test func bashCompletesCommandsOptionsAndProviders() throws {
        let script = Self.completions.appendingPathComponent("fauth.bash").path
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let output = try run(
                "bash",
                [
                    "-c",
                    "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _fauth; printf '%s\\n' \"${COMPREPLY[@]}\"",
                ])
            return output.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["fauth", "sig"]) == ["signup", "signin", "signout"])
        #expect(try complete(["fauth", "signin", "--prov"]) == ["--provider"])
        #expect(try complete(["fauth", "signin", "--provider", "g"]) == ["google.com", "github.com"])
        #expect(try complete(["fauth", "unlink", "pa"]) == ["password"])
        #expect(try complete(["fauth", "token", "--f"]) == ["--force-refresh"])
    }

    @Test func fishCompletesCommandsAndOptions() throws {
        let script = Self.completions.appendingPathComponent("fauth.fish").path
        let commands = try run("fish", ["-c", "source '\(script)'; complete -C 'fauth sig'"])
        #expect(
            Set(commands.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }) == [
                "signup", "signin", "signout",
            ])
        let options = try run("fish", ["-c", "source '\(script)'; complete -C 'fauth signin --custom-t'"])
        #expect(options.hasPrefix("--custom-token\t"))
    }

    @Test func zshParsesItsScript() throws {
        _ = try run("zsh", ["-n", Self.completions.appendingPathComponent("_fauth").path])
    }
}
