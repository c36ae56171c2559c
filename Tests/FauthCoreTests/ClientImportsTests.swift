import Foundation
import Testing

/// The fauth binary carries no Foundation, FoundationEssentials, Dispatch or concurrency runtime (docs/performance.md,
/// "Start-up": each one's metadata and initialisers cost every start, every command): no source file of the
/// modules it is built from imports them or uses the concurrency runtime's clocks. The emulator and the tests may.
@Suite struct ClientImportsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let clientModules = ["FauthCore", "FauthCLI", "FauthJSON", "FauthText", "fauth"]
    static let refused = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationInternationalization", "Dispatch",
    ]
    /// Names whose use links the concurrency runtime, and with it libdispatch and its initialiser.
    static let concurrencyNames = ["ContinuousClock", "SuspendingClock", "Task", "TaskGroup", "AsyncStream"]

    @Test func noClientSourceImportsFoundationOrDispatch() throws {
        var files = 0
        var offenders: [String] = []
        for module in Self.clientModules {
            let folder = Self.root.appendingPathComponent("Sources/\(module)")
            let names = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }
            for name in names {
                files += 1
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                offenders += Self.importedModules(text).filter(Self.refused.contains).map {
                    "\(module)/\(name): import \($0)"
                }
                offenders += Self.concurrencyNames.filter { Self.code(text).contains(word: $0) }.map {
                    "\(module)/\(name): \($0)"
                }
            }
        }
        #expect(files > 150, "found \(files) client source files")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test func theScanSeesEveryFormOfImport() {
        let text = """
            #if canImport(FoundationEssentials)
            import FoundationEssentials
            #endif
            @preconcurrency import Dispatch
            import struct Foundation.Date
            // import Foundation (a comment is not an import)
            import Glibc
            """
        #expect(Self.importedModules(text) == ["FoundationEssentials", "Dispatch", "Foundation", "Glibc"])
    }

    @Test func theScanSeesConcurrencyNamesInCodeNotInComments() {
        let text = """
            /// A ContinuousClock in a doc comment is fine, // so is Task in a comment
            let clock = ContinuousClock()
            let taskName = 1
            """
        #expect(Self.concurrencyNames.filter { Self.code(text).contains(word: $0) } == ["ContinuousClock"])
    }

    /// The text of `source` without its `//` comments.
    static func code(_ source: String) -> String {
        source.split(separator: "\n").map { line in
            line.firstRange(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }.joined(separator: "\n")
    }

    /// The modules a Swift file imports (`import M`, `@attr import M`, `import kind M.Symbol`).
    static func importedModules(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.first == "import" else { return nil }
            words.removeFirst()
            if words.count == 2 { words.removeFirst() }  // import struct Foundation.Date
            return words.first.map { String($0.split(separator: ".")[0]) }
        }
    }
}

extension String {
    /// Whether `word` occurs with no letter, digit or underscore either side.
    fileprivate func contains(word: String) -> Bool {
        var rest = self[...]
        while let range = rest.firstRange(of: word) {
            let before = range.lowerBound == startIndex ? nil : self[index(before: range.lowerBound)]
            let after = range.upperBound == endIndex ? nil : self[range.upperBound]
            let isPart = { (character: Character?) in character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
            }
            if !isPart(before), !isPart(after) { return true }
            rest = self[range.upperBound...]
        }
        return false
    }
}
