/// The bytes of a connection received and not consumed yet, with the bounded searches for lines and for the end of
/// a head block that the request and response parsers make. A search resumes where the previous one stopped, so
/// bytes that arrive one at a time are each looked at once.
struct HTTPInputBuffer: Sendable {
    private var bytes: [UInt8] = []
    /// Start of the bytes not consumed yet.
    private var position = 0
    /// Where the search for a line end or the end of a head block resumes.
    private var scanFrom = 0

    /// How many bytes are held and not consumed.
    var count: Int { bytes.count - position }

    /// Appends received bytes (dropping consumed ones first when that is cheap or they are many).
    mutating func append<Bytes: Collection<UInt8>>(_ received: Bytes) {
        if position > 0, position == bytes.count || position >= 8192 {
            bytes.removeFirst(position)
            scanFrom = max(0, scanFrom - position)
            position = 0
        }
        bytes.append(contentsOf: received)
    }

    /// The byte `offset` bytes past the first unconsumed one (which must have arrived).
    subscript(offset: Int) -> UInt8 { bytes[position + offset] }

    /// Takes the next `length` bytes, or nil until they have all arrived.
    mutating func take(_ length: Int) -> [UInt8]? {
        guard count >= length else { return nil }
        defer { consume(length) }
        return Array(bytes[position..<position + length])
    }

    /// Appends the next `length` bytes (which must have arrived) to `body` and consumes them and `skipping` more.
    mutating func move(_ length: Int, to body: inout [UInt8], skipping: Int) {
        body.append(contentsOf: bytes[position..<position + length])
        consume(length + skipping)
    }

    /// Takes every byte held.
    mutating func takeAll() -> [UInt8] {
        take(count) ?? []
    }

    /// Drops empty lines before a start line (RFC 9112 §2.2).
    mutating func skipEmptyLines() {
        while position < bytes.count, bytes[position] == UInt8(ascii: "\r") || bytes[position] == UInt8(ascii: "\n") {
            consume(1)
        }
    }

    /// Hands `read` one line (without its CRLF or LF) once all of it has arrived, and consumes it; nil until then.
    /// A line longer than `limit` bytes with its line end (or more than `limit` bytes without one) is `tooLong`.
    mutating func takeLine<Line>(
        limit: Int, tooLong: HTTPParseError,
        _ read: (ArraySlice<UInt8>) throws(HTTPParseError) -> Line
    )
        throws(HTTPParseError) -> Line?
    {
        let start = max(scanFrom, position)
        guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            if bytes.count - position > limit { throw tooLong }
            scanFrom = bytes.count
            return nil
        }
        guard newline + 1 - position <= limit else { throw tooLong }
        var line = bytes[position..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let result = try read(line)
        consume(newline + 1 - position)
        return result
    }

    /// Hands `read` the lines of a head block (start line and header fields, without the blank line that ends it;
    /// a CR before each LF dropped) once all of it has arrived, and consumes the block; nil until then. A block over
    /// `limit` bytes or with more than `maxFields` lines after the start line is `headersTooLarge`.
    mutating func takeHead<Head>(
        limit: Int, maxFields: Int,
        _ read: ([ArraySlice<UInt8>]) throws(HTTPParseError) -> Head
    )
        throws(HTTPParseError) -> Head?
    {
        skipEmptyLines()
        guard let end = findHeadEnd() else {
            if count > limit { throw .headersTooLarge }
            return nil
        }
        guard end - position <= limit else { throw .headersTooLarge }
        var lines: [ArraySlice<UInt8>] = []
        lines.reserveCapacity(12)
        var lineStart = position
        // The block ends at its first empty line; any CR other than one before an LF is an error later.
        while lineStart < end, let newline = bytes[lineStart..<end].firstIndex(of: UInt8(ascii: "\n")) {
            let lineEnd = newline > lineStart && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
            if lineEnd == lineStart { break }
            guard lines.count <= maxFields else { throw .headersTooLarge }
            lines.append(bytes[lineStart..<lineEnd])
            lineStart = newline + 1
        }
        let head = try read(lines)
        consume(end - position)
        return head
    }

    /// The index just past the blank line that ends the head block, or nil when it has not arrived.
    private mutating func findHeadEnd() -> Int? {
        var index = max(scanFrom, position)
        let count = bytes.count
        while index < count {
            if bytes[index] == UInt8(ascii: "\n") {
                if index + 1 >= count { break }
                if bytes[index + 1] == UInt8(ascii: "\n") { return index + 2 }
                if bytes[index + 1] == UInt8(ascii: "\r") {
                    if index + 2 >= count { break }
                    if bytes[index + 2] == UInt8(ascii: "\n") { return index + 3 }
                }
            }
            index += 1
        }
        scanFrom = index
        return nil
    }

    private mutating func consume(_ length: Int) {
        position += length
        scanFrom = position
    }
}
