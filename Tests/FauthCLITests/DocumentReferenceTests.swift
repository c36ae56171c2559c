import Foundation
import Testing

/// Every document the code, the tests and the docs point at is in the repository: a `.md` path cited in Sources/
/// or Tests/ names a file from the repository's root (`docs/design/errors.md`), and a relative link in README.md or
/// docs/ names a file from the linking page's folder.
@Suite struct DocumentReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The files under `folder` (relative to the root) whose names end with one of `suffixes`, as root-relative paths.
    static func files(under folder: String, endingWith suffixes: [String]) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
        var found: [String] = []
        while let file = enumerator?.nextObject() as? String {
            if suffixes.contains(where: { file.hasSuffix($0) }) { found.append(folder + "/" + file) }
        }
        return found.sorted()
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).standardizedFileURL.path)
    }

    /// The `.md` paths a source text cites: a run of path characters ending in `.md`.
    static func citedDocuments(in text: String) throws -> [String] {
        let pattern = try Regex(#"[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b"#)
        return text.matches(of: pattern).map { String(text[$0.range]) }
    }

    @Test func everyDocumentTheSourcesAndTestsCiteExists() throws {
        let sources =
            Self.files(under: "Sources", endingWith: [".swift", ".c", ".h", ".modulemap"])
            + Self.files(under: "Tests", endingWith: [".swift", ".py", ".sh"])
        #expect(sources.count > 300, "found \(sources.count) source files")
        var cited = 0
        for file in sources {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for path in try Self.citedDocuments(in: text) {
                cited += 1
                #expect(Self.exists(path), "\(file) cites \(path), which is not in the repository")
            }
        }
        #expect(cited >= 20, "found only \(cited) citations")
    }

    @Test func everyRelativeLinkOfTheDocsNamesAFileThatExists() throws {
        let pages = ["README.md"] + Self.files(under: "docs", endingWith: [".md"])
        #expect(pages.contains("docs/design/errors.md") && pages.contains("docs/architecture.md"))
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        for page in pages {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            let folder = (page as NSString).deletingLastPathComponent
            for match in text.matches(of: link) {
                let target = String(text[match.range].dropFirst(2).dropLast())
                guard !target.contains("://"), !target.hasPrefix("#"), !target.hasPrefix("mailto:") else { continue }
                let path = String(target.prefix { $0 != "#" })
                let resolved = folder.isEmpty ? path : folder + "/" + path
                #expect(Self.exists(resolved), "\(page) links to \(target), which is not in the repository")
            }
        }
    }
}
