import Foundation
import Testing

/// FauthCore holds no command-line concern: no string literal in its sources names an option (`--ca-file`); the
/// command line words the core's failures about inputs (`InputProblem`) itself.
@Suite struct CoreNamesNoOptionTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FauthCore")

    @Test func noStringLiteralInFauthCoreNamesAnOption() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50, "found \(files.count) Swift files under \(Self.sources.path)")
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            offenders += SwiftStringLiterals.of(text).filter(Self.namesAnOption).map { "\(file): \"\($0)\"" }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test func theScanFindsOptionsInEveryKindOfLiteralAndNoneInComments() {
        let source = #"""
            // a comment naming --session is fine
            /// so is a doc comment naming `--ca-file`, /* and a block comment --timeout */
            let a = "plain --api-key"
            let b = #"raw --config "quoted" "#
            let c = "interpolated \(flag ? "--tenant" : "x") text"
            let d = """
                multi-line --endpoint
                """
            let e = "no option: a-b, -x, x--y, https://host, --"
            """#
        let literals = SwiftStringLiterals.of(source)
        #expect(literals.filter(Self.namesAnOption).count == 4, "\(literals)")
        #expect(!literals.contains { $0.contains("session") || $0.contains("ca-file") || $0.contains("timeout") })
    }

    /// Whether `literal` holds `--` and a letter at the start of a word (`--ca-file`).
    static func namesAnOption(_ literal: String) -> Bool {
        literal.firstMatch(of: /(^|[^\w-])--[a-z]/) != nil
    }
}

/// The contents of the string literals of Swift source, comments skipped; an interpolation's own literals count too.
enum SwiftStringLiterals {
    static func of(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var literals: [String] = []
        var index = 0
        while index < bytes.count {
            if starts(bytes, at: index, with: "//") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if starts(bytes, at: index, with: "/*") {
                index += 2
                while index < bytes.count && !starts(bytes, at: index, with: "*/") { index += 1 }
                index += 2
            } else if let end = literal(bytes, at: index, into: &literals) {
                index = end
            } else {
                index += 1
            }
        }
        return literals
    }

    /// Reads the literal starting at `start` (`"…"`, `"""…"""`, `#"…"#`), appending its contents (and those of the
    /// literals in its interpolations); returns the index after it, or nil when no literal starts there.
    private static func literal(_ bytes: [UInt8], at start: Int, into literals: inout [String]) -> Int? {
        var index = start
        while index < bytes.count && bytes[index] == UInt8(ascii: "#") { index += 1 }
        let hashes = index - start
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let quotes = starts(bytes, at: index, with: "\"\"\"") ? "\"\"\"" : "\""
        let closing = Array((quotes + String(repeating: "#", count: hashes)).utf8)
        let escape = Array(("\\" + String(repeating: "#", count: hashes)).utf8)
        index += quotes.utf8.count
        var contents: [UInt8] = []
        while index < bytes.count && !starts(bytes, at: index, with: closing) {
            if starts(bytes, at: index, with: escape) {
                let after = index + escape.count
                if after < bytes.count && bytes[after] == UInt8(ascii: "(") {
                    index = interpolation(bytes, from: after + 1, into: &literals)
                    continue
                }
                contents += bytes[index..<min(after + 1, bytes.count)]
                index = after + 1
                continue
            }
            contents.append(bytes[index])
            index += 1
        }
        literals.append(String(decoding: contents, as: UTF8.self))
        return index + closing.count
    }

    /// Skips an interpolation's expression up to its closing parenthesis, reading the literals inside it.
    private static func interpolation(_ bytes: [UInt8], from start: Int, into literals: inout [String]) -> Int {
        var index = start
        var depth = 1
        while index < bytes.count && depth > 0 {
            if let end = literal(bytes, at: index, into: &literals) {
                index = end
                continue
            }
            if bytes[index] == UInt8(ascii: "(") { depth += 1 }
            if bytes[index] == UInt8(ascii: ")") { depth -= 1 }
            index += 1
        }
        return index
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: String) -> Bool {
        starts(bytes, at: index, with: Array(prefix.utf8))
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: [UInt8]) -> Bool {
        index + prefix.count <= bytes.count && Array(bytes[index..<index + prefix.count]) == prefix
    }
}
