import Foundation
import Testing

/// No declaration in Sources is `public` or `open` (docs/architecture.md, "What is public"): the package has no
/// library product, so what a target offers the others is `package`, and a `public` would promise a surface nobody
/// designed.
@Suite struct PackageAccessTests {
    @Test func noSourceDeclaresAnythingPublic() throws {
        let sources = ClientImportsTests.root.appendingPathComponent("Sources")
        let names = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        var offenders: [String] = []
        for name in names {
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            offenders += Self.publicDeclarations(text).map { "Sources/\(name): \($0)" }
        }
        #expect(names.count > 300, "found \(names.count) source files")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test func theScanSeesModifiersNotWordsInTextOrComments() {
        let text = """
            public struct A {}
                @inlinable public static func b() {}
            open class C {}
            /// a public key, an open file
            let kind = "public-key"  // public
            package func d() {}
            """
        #expect(
            Self.publicDeclarations(text) == [
                "public struct A {}", "@inlinable public static func b() {}",
                "open class C {}",
            ])
    }

    /// The lines of `text` that declare something `public` or `open` (attributes may come first).
    static func publicDeclarations(_ text: String) -> [String] {
        ClientImportsTests.code(text).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
            guard let first = words.first, first == "public" || first == "open" else { return nil }
            return line.trimmingCharacters(in: .whitespaces)
        }
    }
}
