import Glibc

/// Reads the elements of one array member of a file's top-level JSON object without holding the file or building a
/// tree of it: the file is read in chunks and each element is handed on as its own bytes (to be parsed and validated
/// by `JSONValue.parse`), so that importing 100k accounts costs one chunk and one account of memory at a time.
/// It checks only nesting and strings.
struct JSONArrayReader {
    /// A malformed document, or one of another shape: what is wrong, after the file's name.
    struct Malformed: Error, CustomStringConvertible {
        var description = "is not valid JSON (cut short, or a string or nesting left open)"
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    /// The next byte to read in `buffer`.
    private var index = 0
    /// Where the element being read starts in `buffer` (kept across refills), if one is.
    private var mark: Int?
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)

    /// A reader of the open file `fd` (not closed by the reader).
    init(fileDescriptor fd: Int32) { self.fd = fd }

    /// Calls `body` with the bytes of each element of the top-level object's member `key` (its raw key as written,
    /// without escapes), in order; does nothing when there is no such member.
    mutating func forEachElement(ofMember key: String, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        try skipSpace()
        try expect(UInt8(ascii: "{"), else: "does not hold a JSON object")
        try skipSpace()
        let wanted = Array(key.utf8)
        while let byte = try peek(), byte != UInt8(ascii: "}") {
            let name = try readKey()
            try skipSpace()
            try expect(UInt8(ascii: ":"))
            try skipSpace()
            if name == wanted {
                try expect(UInt8(ascii: "["), else: "holds \"\(key)\" that is not an array")
                return try forEachElement(body)
            }
            try skipValue()
            try skipNextSeparator()
        }
    }

    private mutating func forEachElement(_ body: (ArraySlice<UInt8>) throws -> Void) throws {
        try skipSpace()
        while let byte = try peek(), byte != UInt8(ascii: "]") {
            mark = index
            try skipValue()
            let element = buffer[mark!..<index]
            mark = nil
            try body(element)
            try skipNextSeparator()
        }
        guard try peek() == UInt8(ascii: "]") else { throw Malformed() }
    }

    /// The byte at `index`, reading the next chunk when needed; nil at the end of the file.
    private mutating func peek() throws -> UInt8? {
        if index == buffer.count, try !refill() { return nil }
        return buffer[index]
    }

    /// Drops the bytes already read (but not those of the element being read) and appends the next chunk; false at
    /// the end of the file.
    private mutating func refill() throws -> Bool {
        let keep = mark ?? index
        buffer.removeSubrange(0..<keep)
        index -= keep
        if mark != nil { mark = 0 }
        let count = try FileChunk.read(fd, into: &chunk)
        buffer.append(contentsOf: chunk[0..<count])
        return count > 0
    }

    private mutating func expect(_ byte: UInt8, else problem: String? = nil) throws {
        guard try peek() == byte else { throw problem.map { Malformed(description: $0) } ?? Malformed() }
        index += 1
    }

    private mutating func skipSpace() throws {
        while let byte = try peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    /// Skips a `,` (and the spaces around it) after a member or element.
    private mutating func skipNextSeparator() throws {
        try skipSpace()
        if try peek() == UInt8(ascii: ",") {
            index += 1
            try skipSpace()
        }
    }

    /// The raw bytes of the key at `index`, without its quotes.
    private mutating func readKey() throws -> [UInt8] {
        mark = index
        try skipString()
        let key = Array(buffer[(mark! + 1)..<(index - 1)])
        mark = nil
        return key
    }

    /// Skips the string at `index`.
    private mutating func skipString() throws {
        try expect(UInt8(ascii: "\""))
        while let byte = try peek() {
            index += 1
            if byte == UInt8(ascii: "\"") { return }
            if byte == UInt8(ascii: "\\") {
                guard try peek() != nil else { break }
                index += 1
            }
        }
        throw Malformed()
    }

    /// Skips the value at `index`: an object or array by nesting, a string, or a scalar.
    private mutating func skipValue() throws {
        guard let first = try peek() else { throw Malformed() }
        if first == UInt8(ascii: "\"") { return try skipString() }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            while let byte = try peek(), byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "]")
            {
                index += 1
            }
            return
        }
        var depth = 0
        while let byte = try peek() {
            switch byte {
            case UInt8(ascii: "\""):
                try skipString()
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    index += 1
                    return
                }
            default:
                break
            }
            index += 1
        }
        throw Malformed()
    }
}
