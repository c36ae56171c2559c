import Foundation
import Testing

/// Inside each target, a folder uses only the folders below it in the declared order (docs/architecture.md,
/// "Layers"): no file names a type, a top-level function or constant, or a member an extension adds, that a folder
/// at its own level or above declares. The scan reads the sources (comments and string text left out, the code of
/// interpolations kept).
@Suite struct ImportDirectionTests {
    /// The top-level files of a target (beside its folders).
    static let topLevel = "(top)"

    /// Each target's folders, bottom to top; the folders of one level use none of each other.
    static let layers: [String: [[String]]] = [
        "FauthCore": [
            ["System"], ["Text"], ["Errors"], ["Transport"], ["Backend"], ["Configuration"], ["Session"],
            ["BrowserSignIn", "DeviceSignIn", "TokenVerification"], ["Client"],
        ],
        "FauthCLI": [
            ["Terminal", "QRCode"], ["Arguments"], ["Context"], ["Credentials"], ["Output"], ["Invocation"],
            ["Browser"],
            ["Device"], ["Commands"], [topLevel],
        ],
        "FauthEmulator": [
            ["Crypto", "HTTP"], ["Errors"], ["State"], ["Tokens"], ["Routing"], ["MFA", "Federated", "Passwords"],
            ["Routes"],
            [topLevel], ["Command"],
        ],
    ]

    @Test(arguments: ["FauthCore", "FauthCLI", "FauthEmulator"])
    func noFolderUsesOneAboveIt(target: String) throws {
        let levels = try #require(Self.layers[target])
        let files = try Self.sources(of: target)
        let folders = Set(files.map(\.folder))
        let declared = Set(levels.joined())
        #expect(folders == declared, "the folders of \(target) and its declared order differ")
        let level = Dictionary(
            uniqueKeysWithValues: levels.enumerated().flatMap { index, names in
                names.map { ($0, index) }
            })
        var found: [String: Set<String>] = [:]
        var elsewhere: [DeclarationScan.File] = []
        for other in try Self.targets() where other != target { elsewhere += try Self.sources(of: other) }
        for use in DeclarationScan(files, elsewhere: elsewhere).crossFolderUses() {
            guard let from = level[use.from], let to = level[use.to], to >= from else { continue }
            found["\(use.from) → \(use.to)", default: []].insert(use.name)
        }
        let problems = found.sorted { $0.key < $1.key }.map { pair, names in
            "\(target): \(pair) uses \(names.sorted().joined(separator: ", "))"
        }
        #expect(files.count > 40, "found \(files.count) source files in \(target)")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theScanSeesTypesGlobalsAndExtensionMembersNotCommentsOrText() {
        let low = """
            /// A comment naming High is not a use.
            package struct Low { var value: Int }
            private struct Hidden {}
            extension String {
                /// Only Low's folder adds this member.
                var lowered: String { self }
            }
            func lowHelper() -> Int { 1 }
            """
        let high = """
            package enum High {
                case one
                struct Nested {}
                func use(_ low: Low) -> String { "Low \\(lowHelper()) High" + "x".lowered }
            }
            extension Low {
                var high: High { .one }
            }
            extension Int {
                func higher() -> Int { self + 1 }
            }
            """
        let uses = DeclarationScan([
            .init(folder: "Low", path: "Low/Low.swift", text: low),
            .init(folder: "High", path: "High/High.swift", text: high),
            .init(
                folder: "Other", path: "Other/Other.swift",
                text: "let a = Hidden(); let b = Nested(); let c = 1.high; extension Int { var d: Int { higher() } }"),
        ]).crossFolderUses()
        #expect(
            Set(uses.map { "\($0.from) → \($0.to): \($0.name)" }) == [
                "High → Low: Low", "High → Low: lowHelper", "High → Low: lowered", "Other → High: high",
                "Other → High: higher",
            ])
    }

    @Test func aMemberNameAnotherTargetDeclaresIsNotCounted() {
        let files: [DeclarationScan.File] = [
            .init(folder: "Low", path: "Low/Low.swift", text: "extension Int { var lowered: Int { self } }"),
            .init(folder: "High", path: "High/High.swift", text: "let a = 1.lowered"),
        ]
        #expect(DeclarationScan(files).crossFolderUses().map(\.name) == ["lowered"])
        let other = DeclarationScan.File(folder: "", path: "Other/Other.swift", text: "struct A { var lowered: Int }")
        #expect(DeclarationScan(files, elsewhere: [other]).crossFolderUses().isEmpty)
    }

    @Test func theScanLeavesOutCommentsAndStringTextButKeepsInterpolations() {
        let text = """
            let a = "Quoted \\(Kept.value) \\"Escaped\\" Name" // Comment
            /* Block /* nested */ Hidden */ let b = #"Raw \\(NotKept) \\#(AlsoKept)"#
            let c = \"\"\"
                Multi \\(Inner(x: ")")) line
                \"\"\"
            """
        #expect(
            DeclarationScan.tokens(of: text).filter { $0.first?.isUppercase == true } == [
                "Kept", "AlsoKept", "Inner",
            ])
    }

    /// Every target with Swift sources.
    static func targets() throws -> [String] {
        let sources = ClientImportsTests.root.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
            let names = FileManager.default.enumerator(atPath: sources.appendingPathComponent(name).path)
            return names?.contains { ($0 as? String)?.hasSuffix(".swift") == true } == true
        }
    }

    /// The Swift files of `target`, each with its folder (`topLevel` for the target's own top-level files).
    static func sources(of target: String) throws -> [DeclarationScan.File] {
        let folder = ClientImportsTests.root.appendingPathComponent("Sources/\(target)")
        let names = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { name in
            let parts = name.split(separator: "/")
            return DeclarationScan.File(
                folder: parts.count > 1 ? String(parts[0]) : topLevel, path: name,
                text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        }
    }
}

/// Which declarations each folder of a target makes visible to the others, and which of them each file uses, read
/// from the source text: top-level types, functions and constants (used by name), and the members an extension adds
/// to a type of another folder or module (used after a `.`, or called without one from another extension of the type;
/// only a member name declared once in the target counts).
/// `private` and `fileprivate` declarations are not visible and not counted.
struct DeclarationScan {
    /// A source file and the folder it is in.
    struct File {
        var folder: String
        var path: String
        var text: String
    }

    /// One file's use of a declaration of another folder.
    struct Use: Hashable {
        var from: String
        var to: String
        var name: String
        var path: String
    }

    let files: [(file: File, tokens: [String])]
    /// The member names the other targets declare: a use after a `.` may be theirs.
    let membersElsewhere: Set<String>

    /// Scans `files`, one target's; `elsewhere` (the other targets' files) only make member names ambiguous.
    init(_ files: [File], elsewhere: [File] = []) {
        self.files = files.map { ($0, Self.tokens(of: $0.text)) }
        membersElsewhere = Set(
            elsewhere.flatMap { file in
                Self.declarations(in: Self.tokens(of: file.text)).compactMap { declaration in
                    if case .member = declaration.scope { return declaration.name }
                    return nil
                }
            })
    }

    /// Every use in a file of a name that another folder declares.
    func crossFolderUses() -> [Use] {
        var topLevelNames: [String: Set<String>] = [:]
        var memberCount: [String: Int] = [:]
        var extensionMembers: [(name: String, folder: String, extended: String)] = []
        for (file, tokens) in files {
            for declaration in Self.declarations(in: tokens) {
                switch declaration.scope {
                case .topLevel: topLevelNames[declaration.name, default: []].insert(file.folder)
                case .member(let extended, let isExtension):
                    memberCount[declaration.name, default: 0] += 1
                    if isExtension { extensionMembers.append((declaration.name, file.folder, extended)) }
                }
            }
        }
        var memberFolder: [String: String] = [:]
        for member in extensionMembers where memberCount[member.name] == 1 && !membersElsewhere.contains(member.name) {
            // A member added to a type of the same folder is reached through that type's name.
            if topLevelNames[member.extended] != [member.folder] { memberFolder[member.name] = member.folder }
        }
        var uses: Set<Use> = []
        for (file, tokens) in files {
            for (index, token) in tokens.enumerated() {
                let afterDot = index > 0 && tokens[index - 1] == "."
                let called = index + 1 < tokens.count && tokens[index + 1] == "("
                // A member is used after a `.`, or called without one inside another extension of its type.
                let owners: Set<String> =
                    afterDot || (called && topLevelNames[token] == nil)
                    ? memberFolder[token].map { [$0] } ?? [] : topLevelNames[token] ?? []
                guard !owners.contains(file.folder), owners.count == 1, let owner = owners.first else { continue }
                uses.insert(Use(from: file.folder, to: owner, name: token, path: file.path))
            }
        }
        return uses.sorted { ($0.from, $0.to, $0.name, $0.path) < ($1.from, $1.to, $1.name, $1.path) }
    }

    /// Where a declaration is made.
    enum Scope {
        case topLevel
        case member(of: String, inExtension: Bool)
    }

    static let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
    static let memberKeywords: Set<String> = ["func", "var", "let", "case"]

    /// The visible declarations of a file's tokens: types, functions, constants and enum cases, at the top level or
    /// directly inside a type or an extension (not in a function body).
    static func declarations(in tokens: [String]) -> [(name: String, scope: Scope)] {
        enum Block {
            case type(String, isExtension: Bool, isPrivate: Bool)
            case body
        }
        var blocks: [Block] = []
        var opening: Block = .body
        var found: [(name: String, scope: Scope)] = []
        for (index, token) in tokens.enumerated() {
            switch token {
            case "{":
                blocks.append(opening)
                opening = .body
                continue
            case "}":
                _ = blocks.popLast()
                opening = .body
                continue
            default: break
            }
            guard index + 1 < tokens.count, isIdentifier(tokens[index + 1]) else { continue }
            let name = tokens[index + 1]
            let isPrivate = modifiers(before: index, in: tokens).contains { $0 == "private" || $0 == "fileprivate" }
            let previous = index > 0 ? tokens[index - 1] : ""
            let isKeyword = typeKeywords.contains(token) || memberKeywords.contains(token) || token == "extension"
            guard isKeyword, previous != "import", previous != "." else { continue }
            if token == "extension" {
                opening = .type(name, isExtension: true, isPrivate: isPrivate)
                continue
            }
            if token == "class", memberKeywords.contains(name) || name == "init" { continue }
            if typeKeywords.contains(token), token != "typealias" {
                opening = .type(name, isExtension: false, isPrivate: isPrivate)
            } else if token != "case" {
                opening = .body
            }
            if isPrivate { continue }
            switch blocks.last {
            case nil: if token != "case" { found.append((name, .topLevel)) }
            case .type(let owner, let isExtension, false)?:
                found.append((name, .member(of: owner, inExtension: isExtension)))
            default: break
            }
        }
        return found
    }

    /// The declaration modifiers just before `index` (`private(set)` is not `private`).
    static func modifiers(before index: Int, in tokens: [String]) -> [String] {
        let words: Set<String> = [
            "private", "fileprivate", "package", "internal", "static", "final", "mutating", "nonmutating", "override",
            "indirect", "nonisolated", "lazy", "weak", "unowned", "convenience", "required", "class", "set",
        ]
        var result: [String] = []
        var position = index - 1
        while position >= 0, words.contains(tokens[position]) {
            if !(tokens[position] == "private" && result.last == "set") { result.append(tokens[position]) }
            position -= 1
        }
        return result
    }

    static func isIdentifier(_ token: String) -> Bool {
        token.first.map { $0.isLetter || $0 == "_" } ?? false
    }

    /// The identifiers, `{`, `}` and `.` of Swift source, without comments and string text; the code inside string
    /// interpolations is kept. Backquoted names lose their backquotes.
    static func tokens(of source: String) -> [String] {
        let text = Array(source.unicodeScalars)
        var tokens: [String] = []
        // What each open string or interpolation is: a string with its raw `#` count and whether it is multi-line,
        // or an interpolation with its count of open parentheses.
        enum Frame {
            case string(hashes: Int, multiLine: Bool)
            case interpolation(parentheses: Int)
        }
        var frames: [Frame] = []
        var index = 0
        func starts(_ prefix: String, at position: Int) -> Bool {
            let scalars = Array(prefix.unicodeScalars)
            return position + scalars.count <= text.count && Array(text[position..<position + scalars.count]) == scalars
        }
        while index < text.count {
            let scalar = text[index]
            if case .string(let hashes, let multiLine)? = frames.last {
                let marks = String(repeating: "#", count: hashes)
                if starts("\\" + marks + "(", at: index) {
                    frames.append(.interpolation(parentheses: 0))
                    index += hashes + 2
                } else if scalar == "\\" && hashes == 0 {
                    index += 2
                } else if starts((multiLine ? "\"\"\"" : "\"") + marks, at: index) {
                    frames.removeLast()
                    index += (multiLine ? 3 : 1) + hashes
                } else {
                    index += 1
                }
                continue
            }
            if starts("//", at: index) {
                while index < text.count, text[index] != "\n" { index += 1 }
            } else if starts("/*", at: index) {
                var depth = 0
                repeat {
                    if starts("/*", at: index) {
                        depth += 1
                        index += 2
                    } else if starts("*/", at: index) {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0 && index < text.count
            } else if scalar == "#" || scalar == "\"" {
                var hashes = 0
                while index + hashes < text.count, text[index + hashes] == "#" { hashes += 1 }
                if starts("\"", at: index + hashes) {
                    let multiLine = starts("\"\"\"", at: index + hashes)
                    frames.append(.string(hashes: hashes, multiLine: multiLine))
                    index += hashes + (multiLine ? 3 : 1)
                } else {
                    index += max(hashes, 1)
                }
            } else if scalar == "(" || scalar == ")" {
                if scalar == "(" { tokens.append("(") }  // a call: a member's name before it may be used unqualified
                if case .interpolation(let open)? = frames.last {
                    frames[frames.count - 1] = .interpolation(parentheses: open + (scalar == "(" ? 1 : -1))
                    if scalar == ")" && open == 0 { frames.removeLast() }
                }
                index += 1
            } else if scalar == ".", index + 1 < text.count, text[index + 1] == "." {
                // A range operator (`...`, `..<`) is no member access.
                while index < text.count, text[index] == "." { index += 1 }
            } else if scalar == "{" || scalar == "}" || scalar == "." {
                tokens.append(String(scalar))
                index += 1
            } else if scalar == "`" {
                var end = index + 1
                while end < text.count, text[end] != "`", text[end] != "\n" { end += 1 }
                tokens.append(String(String.UnicodeScalarView(text[index + 1..<min(end, text.count)])))
                index = end + 1
            } else if scalar.properties.isXIDStart || scalar == "_" {
                var end = index + 1
                while end < text.count, text[end].properties.isXIDContinue { end += 1 }
                tokens.append(String(String.UnicodeScalarView(text[index..<end])))
                index = end
            } else if scalar.properties.numericType != nil {
                // A number (with its digits, letters and underscores) is no name.
                var end = index + 1
                while end < text.count, text[end].properties.isXIDContinue { end += 1 }
                index = end
            } else {
                index += 1
            }
        }
        return tokens
    }
}
