/// Finds, without building a tree, the byte ranges of a top-level object's members and of an array's elements, so that
/// an export of 100k accounts is parsed one account at a time (bounded memory) instead of as one JSON value.
/// It checks only nesting and strings; each range is then parsed (and validated) by `JSONValue.parse`.
struct JSONArrayScanner {
    private let bytes: [UInt8]

    /// A scanner over `bytes`.
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A malformed document.
    struct Malformed: Error {}

    /// The range of the value of the top-level object's member `key` (its raw key as written, without escapes),
    /// or nil when there is none.
    func memberValue(_ key: String) throws(Malformed) -> Range<Int>? {
        var index = skipSpace(0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw Malformed() }
        index = skipSpace(index + 1)
        let wanted = Array(key.utf8)
        while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
            let keyRange = try stringEnd(index)
            let name = bytes[(index + 1) ..< (keyRange - 1)]
            index = skipSpace(keyRange)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw Malformed() }
            let start = skipSpace(index + 1)
            let end = try valueEnd(start)
            if name.elementsEqual(wanted) { return start ..< end }
            index = skipSpace(end)
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index = skipSpace(index + 1) }
        }
        return nil
    }

    /// Calls `body` with the range of each element of the array at `range`.
    func forEachElement(of range: Range<Int>, _ body: (Range<Int>) throws -> Void) throws {
        var index = skipSpace(range.lowerBound)
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "[") else { throw Malformed() }
        index = skipSpace(index + 1)
        while index < range.upperBound, bytes[index] != UInt8(ascii: "]") {
            let end = try valueEnd(index)
            try body(index ..< end)
            index = skipSpace(end)
            if index < range.upperBound, bytes[index] == UInt8(ascii: ",") { index = skipSpace(index + 1) }
        }
    }

    private func skipSpace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    /// The index just past the string starting at `start`.
    private func stringEnd(_ start: Int) throws(Malformed) -> Int {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { throw Malformed() }
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        throw Malformed()
    }

    /// The index just past the value starting at `start` (an object or array by nesting, a string, or a scalar).
    private func valueEnd(_ start: Int) throws(Malformed) -> Int {
        guard start < bytes.count else { throw Malformed() }
        let first = bytes[start]
        if first == UInt8(ascii: "\"") { return try stringEnd(start) }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            var index = start
            while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[index]) { index += 1 }
            return index
        }
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = try stringEnd(index)
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default:
                break
            }
            index += 1
        }
        throw Malformed()
    }
}
