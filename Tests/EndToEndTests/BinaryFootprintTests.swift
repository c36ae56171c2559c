import Foundation
import Testing

/// What the built fauth binary leaves out so that a command maps less of it (docs/performance.md, Memory): any use of
/// _StringProcessing (`firstRange(of:)`, `contains(_:)` on text, `replacing(_:with:)`, `split(separator:)` on a
/// collection) links that library's and the regex parser's code, 860 KiB, whose pages the call then maps.
@Suite struct BinaryFootprintTests {
    @Test func fauthUsesNothingFromStringProcessing() throws {
        let symbols = try Self.symbols(of: BuiltBinaries.fauth)
        #expect(symbols.count > 1_000, "nm listed \(symbols.count) symbols")
        let uses = symbols.filter { $0.contains("17_StringProcessing") || $0.contains("12_RegexParser") }
        let firstUses = Array(uses.prefix(5))
        #expect(firstUses.isEmpty, "\(uses.count) symbols from _StringProcessing or _RegexParser")
    }

    /// The names `nm` lists for `binary`: those it defines and, in a build that links the Swift libraries
    /// dynamically, those it takes from them.
    static func symbols(of binary: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
        process.arguments = [binary.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
    }
}
