/// Reads the XML form of a property list far enough to return its top-level dictionary's string members: the
/// prolog, comments and the DOCTYPE are skipped, entities decoded, nested values of any kind skipped whole.
struct XMLPropertyList {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The string members of the `<dict>` inside `<plist>`.
    func topLevelStrings() throws(PropertyListStrings.Malformed) -> [String: String] {
        var reader = self
        var tag = try reader.nextTag()
        if tag.name == "plist" {
            tag = try reader.nextTag()
        }
        guard tag.name == "dict", !tag.closing else { throw PropertyListStrings.Malformed() }
        var strings: [String: String] = [:]
        guard !tag.empty else { return strings }
        while true {
            let keyTag = try reader.nextTag()
            if keyTag.name == "dict", keyTag.closing { return strings }
            guard keyTag.name == "key", !keyTag.closing, !keyTag.empty else { throw PropertyListStrings.Malformed() }
            let key = try reader.text(until: "key")
            let valueTag = try reader.nextTag()
            guard !valueTag.closing else { throw PropertyListStrings.Malformed() }
            if valueTag.empty {
                if valueTag.name == "string" { strings[key] = "" }
            } else if valueTag.name == "string" {
                strings[key] = try reader.text(until: "string")
            } else {
                try reader.skipElement(named: valueTag.name)
            }
        }
    }

    private struct Tag {
        var name: String
        var closing: Bool
        var empty: Bool
    }

    /// The next element tag, past any text, comments, processing instructions and declarations.
    private mutating func nextTag() throws(PropertyListStrings.Malformed) -> Tag {
        while true {
            guard let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else {
                throw PropertyListStrings.Malformed()
            }
            index = open
            if starts(with: "<!--") {
                try skip(past: "-->")
            } else if starts(with: "<?") {
                try skip(past: "?>")
            } else if starts(with: "<!") {
                try skip(past: ">")
            } else {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                    throw PropertyListStrings.Malformed()
                }
                var inside = bytes[(index + 1)..<close]
                index = close + 1
                let closing = inside.first == UInt8(ascii: "/")
                let empty = inside.last == UInt8(ascii: "/")
                if closing { inside = inside.dropFirst() }
                if empty { inside = inside.dropLast() }
                let name = inside.prefix { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
                guard !name.isEmpty, !(closing && empty) else { throw PropertyListStrings.Malformed() }
                return Tag(name: String(decoding: name, as: UTF8.self), closing: closing, empty: empty)
            }
        }
    }

    /// The decoded text up to the closing tag `</name>`, which it consumes.
    private mutating func text(until name: String) throws(PropertyListStrings.Malformed) -> String {
        guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else { throw PropertyListStrings.Malformed() }
        let raw = bytes[index..<end]
        index = end
        let tag = try nextTag()
        guard tag.closing, tag.name == name else { throw PropertyListStrings.Malformed() }
        return try Self.decodingEntities(raw)
    }

    /// Skips an element whose opening tag was just read, with everything nested in it.
    private mutating func skipElement(named name: String) throws(PropertyListStrings.Malformed) {
        var depth = 1
        while depth > 0 {
            let tag = try nextTag()
            if tag.empty { continue }
            depth += tag.closing ? -1 : 1
            if depth == 0, tag.name != name { throw PropertyListStrings.Malformed() }
        }
    }

    private func starts(with prefix: String) -> Bool {
        bytes[index...].starts(with: prefix.utf8)
    }

    private mutating func skip(past terminator: String) throws(PropertyListStrings.Malformed) {
        let pattern = Array(terminator.utf8)
        var at = index
        while at + pattern.count <= bytes.count {
            if bytes[at..<at + pattern.count].elementsEqual(pattern) {
                index = at + pattern.count
                return
            }
            at += 1
        }
        throw PropertyListStrings.Malformed()
    }

    /// XML's five predefined entities, by name.
    private static let predefinedEntities = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric references, in UTF-8 text.
    private static func decodingEntities(_ raw: ArraySlice<UInt8>) throws(PropertyListStrings.Malformed) -> String {
        guard let text = String(validating: raw, as: UTF8.self) else { throw PropertyListStrings.Malformed() }
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { throw PropertyListStrings.Malformed() }
            let entity = rest[rest.index(after: amp)..<semicolon]
            if let predefined = predefinedEntities[String(entity)] {
                out += predefined
            } else {
                guard entity.first == "#" else { throw PropertyListStrings.Malformed() }
                let digits = entity.dropFirst()
                let scalar = digits.first == "x" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let scalar, let character = Unicode.Scalar(scalar) else { throw PropertyListStrings.Malformed() }
                out.unicodeScalars.append(character)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }
}
