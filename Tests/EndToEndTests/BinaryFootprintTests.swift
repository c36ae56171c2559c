import Foundation
import Testing

/// What the built fauth binary is and leaves out: position-independent, no TLS library of its own (the system's
/// libcurl, and the libssl it uses, are loaded at run time, so their security updates reach fauth), and nothing from
/// _StringProcessing (`firstRange(of:)`, `contains(_:)` on text, `replacing(_:with:)`, `split(separator:)` on a
/// collection), whose code and the regex parser's, 860 KiB, a call would map.
@Suite struct BinaryFootprintTests {
    /// `readelf -h` type DYN (PIE), no libcurl, libssl or libcrypto among the libraries the loader maps at start
    /// (libcurl is opened with dlopen for the first request), and no OpenSSL inside (`strings | grep '^OpenSSL '`).
    @Test func fauthIsPositionIndependentAndCarriesNoTLSLibrary() throws {
        let header = try Self.output(of: "/usr/bin/readelf", ["-h", BuiltBinaries.fauth.path])
        #expect(
            header.contains("DYN (Position-Independent Executable file)")
                || header.contains("DYN (Shared object file)"),
            "\(header)")
        let dynamic = try Self.output(of: "/usr/bin/readelf", ["-d", BuiltBinaries.fauth.path])
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(
            !needed.isEmpty
                && !needed.contains { $0.contains("libcurl") || $0.contains("libssl") || $0.contains("libcrypto") },
            "\(needed)")
        let bytes = try [UInt8](Data(contentsOf: BuiltBinaries.fauth))
        #expect(!Self.hasPrintableRun(startingWith: Array("OpenSSL ".utf8), in: bytes), "the binary carries OpenSSL")
    }

    /// A binary with a symbol table (the debug build) names nothing from _StringProcessing; the release build is
    /// stripped (no symbol table at all), and its code is the same source's.
    @Test func fauthUsesNothingFromStringProcessing() throws {
        let sections = try Self.output(of: "/usr/bin/readelf", ["-S", "-W", BuiltBinaries.fauth.path])
        guard sections.contains(" .symtab ") else {
            #expect(!sections.contains(" .debug_info "), "a binary without symbols is the stripped release build")
            return
        }
        let symbols = try Self.output(of: "/usr/bin/nm", [BuiltBinaries.fauth.path]).split(separator: "\n")
            .compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(symbols.count > 1_000, "nm listed \(symbols.count) symbols")
        let uses = symbols.filter { $0.contains("17_StringProcessing") || $0.contains("12_RegexParser") }
        #expect(uses.isEmpty, "\(uses.count) symbols from _StringProcessing or _RegexParser: \(uses.prefix(5))")
    }

    /// What `tool arguments` writes to standard output; it must succeed.
    static func output(of tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether `bytes` holds `prefix` at the start of a run of printable characters, as `strings` splits a file.
    private static func hasPrintableRun(startingWith prefix: [UInt8], in bytes: [UInt8]) -> Bool {
        guard bytes.count >= prefix.count else { return false }
        for index in 0...(bytes.count - prefix.count) where bytes[index] == prefix[0] {
            let previous = index > 0 ? bytes[index - 1] : 0
            let startsRun = !(0x20...0x7E).contains(previous) && previous != 0x09
            if startsRun && bytes[index..<(index + prefix.count)].elementsEqual(prefix) { return true }
        }
        return false
    }
}
