// Over 300 lines on purpose: the HTTP/1.1 request grammar (request line, header fields, Content-Length and chunked
// bodies, their limits) is one incremental state machine; split, its states would be read across files.

/// A request the parser has completed, with what it implies for the connection.
public struct ParsedHTTPRequest: Sendable, Equatable {
    /// The request itself.
    public var request: HTTPRequest
    /// True when the connection stays open after the response (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    public var keepAlive: Bool
    /// The minor version of HTTP/1.x (0 or 1).
    public var minorVersion: Int
}

/// An incremental HTTP/1.x request parser: feed it bytes as they arrive, take complete requests out.
///
/// Bodies are framed by `Content-Length` or by `Transfer-Encoding: chunked` (decoded; trailer fields are read and
/// dropped); any other transfer coding is refused with 501. Line endings may be CRLF or a bare LF. Once `next()`
/// has thrown, the parser stays failed: the connection must be answered and closed.
public struct HTTPRequestParser: Sendable {
    /// The largest request line plus header block accepted (and the largest trailer block of a chunked body).
    public let maxHeaderBytes: Int
    /// The largest body accepted, after chunked decoding.
    public let maxBodyBytes: Int

    private static let maxChunkLineBytes = 4096

    private var buffer: [UInt8] = []
    /// Start of the bytes not consumed yet.
    private var position = 0
    /// Where the search for the end of the header block resumes.
    private var scanFrom = 0
    private var state: State = .head
    private var failure: HTTPParseError?
    private var continuePending = false

    private struct Head: Sendable {
        var method: String
        var path: String
        var query: String
        var headers: [(name: String, value: String)]
        var keepAlive: Bool
        var minorVersion: Int
    }

    private enum State: Sendable {
        case head
        case fixedBody(Head, length: Int)
        case chunkSize(Head, body: [UInt8])
        case chunkData(Head, body: [UInt8], size: Int)
        case trailers(Head, body: [UInt8], bytesSeen: Int)
    }

    /// Makes a parser with these size limits.
    public init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// True when some bytes of a request have arrived but the request is not complete yet.
    public var hasPartialRequest: Bool {
        if case .head = state { return position < buffer.count }
        return true
    }

    /// The bytes this parser holds (received and not yet handed out, plus a chunked body being decoded), which the
    /// server counts against its memory budget.
    public var bufferedByteCount: Int {
        switch state {
        case .head, .fixedBody: return buffer.count - position
        case .chunkSize(_, let body), .chunkData(_, let body, _), .trailers(_, let body, _): return buffer.count - position + body.count
        }
    }

    /// Appends received bytes.
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        if position > 0, position == buffer.count || position >= 8192 {
            buffer.removeFirst(position)
            scanFrom = max(0, scanFrom - position)
            position = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Returns true once when the request being received asked for `Expect: 100-continue` and its body is still
    /// to come: the server should then send `100 Continue`.
    public mutating func takeContinueRequest() -> Bool {
        defer { continuePending = false }
        return continuePending && hasPartialRequest
    }

    /// The next complete request, or nil when more bytes are needed.
    public mutating func next() throws(HTTPParseError) -> ParsedHTTPRequest? {
        if let failure { throw failure }
        do {
            return try step()
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func step() throws(HTTPParseError) -> ParsedHTTPRequest? {
        while true {
            switch state {
            case .head:
                guard try parseHead() else { return nil }
            case .fixedBody(let head, let length):
                guard buffer.count - position >= length else { return nil }
                let body = Array(buffer[position ..< position + length])
                position += length
                return finish(head, body: body)
            case .chunkSize(let head, let body):
                guard let line = try takeLine(limit: Self.maxChunkLineBytes, tooLong: .malformed("chunk size line too long")) else { return nil }
                let size = try Self.chunkSize(line)
                guard size <= maxBodyBytes - body.count else { throw .bodyTooLarge }
                state = size == 0 ? .trailers(head, body: body, bytesSeen: 0) : .chunkData(head, body: body, size: size)
            case .chunkData(let head, var body, let size):
                let available = buffer.count - position
                guard available > size else { return nil }
                let terminator: Int
                if buffer[position + size] == UInt8(ascii: "\n") {
                    terminator = 1
                } else if buffer[position + size] == UInt8(ascii: "\r") {
                    guard available > size + 1 else { return nil }
                    guard buffer[position + size + 1] == UInt8(ascii: "\n") else { throw .malformed("chunk data not followed by CRLF") }
                    terminator = 2
                } else {
                    throw .malformed("chunk data not followed by CRLF")
                }
                state = .head // release the buffer reference held by the state before appending
                body.append(contentsOf: buffer[position ..< position + size])
                position += size + terminator
                state = .chunkSize(head, body: body)
            case .trailers(let head, let body, let bytesSeen):
                let start = position
                guard let line = try takeLine(limit: maxHeaderBytes - bytesSeen, tooLong: .headersTooLarge) else { return nil }
                if line.isEmpty { return finish(head, body: body) }
                if !line.contains(UInt8(ascii: ":")) { throw .malformed("trailer field without a colon") }
                state = .trailers(head, body: body, bytesSeen: bytesSeen + position - start)
            }
        }
    }

    private mutating func finish(_ head: Head, body: [UInt8]) -> ParsedHTTPRequest {
        state = .head
        continuePending = false
        let request = HTTPRequest(method: head.method, path: head.path, query: head.query, headers: head.headers, body: body)
        return ParsedHTTPRequest(request: request, keepAlive: head.keepAlive, minorVersion: head.minorVersion)
    }

    // MARK: Head

    /// Parses the request line and header block when all of it has arrived, sets the body state and returns true.
    private mutating func parseHead() throws(HTTPParseError) -> Bool {
        // Empty lines before a request line are ignored (RFC 9112 §2.2).
        while position < buffer.count, buffer[position] == UInt8(ascii: "\r") || buffer[position] == UInt8(ascii: "\n") {
            position += 1
        }
        guard let end = findHeaderEnd() else {
            if buffer.count - position > maxHeaderBytes { throw .headersTooLarge }
            return false
        }
        guard end - position <= maxHeaderBytes else { throw .headersTooLarge }
        var lineStart = position
        position = end
        scanFrom = end
        var head: Head?
        // The block ends at its first empty line; a CR before each LF is dropped (any other CR is an error later).
        while lineStart < end, let newline = buffer[lineStart ..< end].firstIndex(of: UInt8(ascii: "\n")) {
            let lineEnd = newline > lineStart && buffer[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
            let line = buffer[lineStart ..< lineEnd]
            lineStart = newline + 1
            if line.isEmpty { break }
            if head == nil {
                head = try Self.requestLine(line)
                head?.headers.reserveCapacity(8)
            } else {
                head?.headers.append(try Self.headerField(line))
            }
        }
        guard var head else { throw .malformed("empty request") }
        try frameBody(&head)
        return true
    }

    /// The index just past the blank line that ends the header block, or nil when it has not arrived.
    private mutating func findHeaderEnd() -> Int? {
        var index = max(scanFrom, position)
        let count = buffer.count
        while index < count {
            if buffer[index] == UInt8(ascii: "\n") {
                if index + 1 >= count { break }
                if buffer[index + 1] == UInt8(ascii: "\n") { return index + 2 }
                if buffer[index + 1] == UInt8(ascii: "\r") {
                    if index + 2 >= count { break }
                    if buffer[index + 2] == UInt8(ascii: "\n") { return index + 3 }
                }
            }
            index += 1
        }
        scanFrom = index
        return nil
    }

    /// Method, target and version, separated by single spaces.
    private static func requestLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Head {
        let space = UInt8(ascii: " ")
        guard let methodEnd = line.firstIndex(of: space), let targetEnd = line[(methodEnd + 1)...].firstIndex(of: space),
              !line[(targetEnd + 1)...].contains(space) else { throw .malformed("bad request line") }
        let methodBytes = line[..<methodEnd], targetBytes = line[(methodEnd + 1) ..< targetEnd], versionBytes = line[(targetEnd + 1)...]
        guard !methodBytes.isEmpty, !targetBytes.isEmpty, !versionBytes.isEmpty else { throw .malformed("bad request line") }
        guard methodBytes.allSatisfy(isTokenByte) else { throw .malformed("bad method") }
        guard targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .malformed("bad request target") }
        let minorVersion = try version(versionBytes)
        let method = String(decoding: methodBytes, as: UTF8.self)
        let (path, query) = try target(targetBytes, method: method)
        return Head(method: method, path: path, query: query, headers: [], keepAlive: true, minorVersion: minorVersion)
    }

    private static func version(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        let start = bytes.startIndex
        guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8), bytes[start + 6] == UInt8(ascii: "."),
              isDigit(bytes[start + 5]), isDigit(bytes[start + 7]) else { throw .malformed("bad HTTP version") }
        guard bytes[start + 5] == UInt8(ascii: "1") else { throw .unsupportedVersion }
        guard bytes[start + 7] <= UInt8(ascii: "1") else { throw .unsupportedVersion }
        return Int(bytes[start + 7] - UInt8(ascii: "0"))
    }

    /// Splits an origin-form, absolute-form or asterisk-form target into path and query.
    private static func target(_ bytes: ArraySlice<UInt8>, method: String) throws(HTTPParseError) -> (String, String) {
        guard bytes.first == UInt8(ascii: "/") else { return try target(String(decoding: bytes, as: UTF8.self), method: method) }
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return (String(decoding: bytes, as: UTF8.self), "") }
        return (String(decoding: bytes[..<mark], as: UTF8.self), String(decoding: bytes[(mark + 1)...], as: UTF8.self))
    }

    /// Splits an absolute-form or asterisk-form target into path and query.
    private static func target(_ text: String, method: String) throws(HTTPParseError) -> (String, String) {
        var rest = Substring(text)
        if text == "*" {
            guard method == "OPTIONS" else { throw .malformed("asterisk target outside OPTIONS") }
            return ("*", "")
        }
        let lower = text.lowercased()
        let schemeLength = lower.hasPrefix("http://") ? 7 : lower.hasPrefix("https://") ? 8 : 0
        guard schemeLength > 0 else { throw .malformed("bad request target") }
        let authorityAndPath = rest.dropFirst(schemeLength)
        if let slash = authorityAndPath.firstIndex(where: { $0 == "/" || $0 == "?" }) {
            rest = authorityAndPath[slash...]
            if rest.hasPrefix("?") { rest = "/" + rest }
        } else {
            rest = "/"
        }
        guard let mark = rest.firstIndex(of: "?") else { return (String(rest), "") }
        return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]))
    }

    private static func headerField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
        guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
            throw .malformed(line.isEmpty ? "empty header line" : "obsolete header line folding")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .malformed("header field without a colon") }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw .malformed("bad header field name") }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { value.removeFirst() }
        while let byte = value.last, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { value.removeLast() }
        guard value.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == UInt8(ascii: "\t") }) else {
            throw .malformed("control character in header field value")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    // MARK: Body framing

    /// Decides keep-alive, `Expect: 100-continue` and how the body is delimited.
    private mutating func frameBody(_ head: inout Head) throws(HTTPParseError) {
        var contentLengths: [Substring] = []
        var codings: [String] = []
        var connection: [String] = []
        var expectsContinue = false
        var hasTransferEncoding = false
        var hasContentLength = false
        for (name, value) in head.headers {
            if name.equalsIgnoringASCIICase("content-length") {
                hasContentLength = true
                contentLengths += Self.listItems(value)
            } else if name.equalsIgnoringASCIICase("transfer-encoding") {
                hasTransferEncoding = true
                codings += Self.listItems(value).map { $0.lowercased() }
            } else if name.equalsIgnoringASCIICase("connection") {
                connection += Self.listItems(value).map { $0.lowercased() }
            } else if name.equalsIgnoringASCIICase("expect") {
                expectsContinue = value.lowercased() == "100-continue"
            }
        }
        if head.minorVersion == 0 {
            head.keepAlive = connection.contains("keep-alive") && !connection.contains("close")
        } else {
            head.keepAlive = !connection.contains("close")
        }

        if hasTransferEncoding {
            guard contentLengths.isEmpty else { throw .malformed("both Content-Length and Transfer-Encoding") }
            guard codings.allSatisfy({ $0 == "chunked" }) else { throw .unsupportedTransferEncoding }
            guard codings.count == 1 else { throw .malformed("bad Transfer-Encoding") }
            state = .chunkSize(head, body: [])
        } else if hasContentLength {
            guard let first = contentLengths.first else { throw .malformed("bad Content-Length") }
            guard contentLengths.allSatisfy({ $0 == first }) else { throw .malformed("conflicting Content-Length values") }
            let length = try Self.decimalLength(first, limit: maxBodyBytes)
            state = .fixedBody(head, length: length)
        } else {
            state = .fixedBody(head, length: 0)
        }
        if case .fixedBody(_, 0) = state {
            continuePending = false
        } else {
            continuePending = expectsContinue && head.minorVersion == 1
        }
    }

    /// The comma-separated items of a header value, trimmed, without empty items (split on bytes: a comma, space or
    /// tab is never part of a longer character in UTF-8).
    private static func listItems(_ value: String) -> [Substring] {
        // One item with nothing to trim (`Content-Length: 42`, `Connection: close`): no split.
        if !value.isEmpty, !value.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
            return [Substring(value)]
        }
        return value.utf8.split(separator: UInt8(ascii: ","))
            .map { Substring($0).trimmingSpacesAndTabs() }
            .filter { !$0.isEmpty }
    }

    private static func decimalLength(_ text: Substring, limit: Int) throws(HTTPParseError) -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy(isDigit) else { throw .malformed("bad Content-Length") }
        var value = 0
        for digit in text.utf8 {
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
            if value > limit { throw .bodyTooLarge }
        }
        return value
    }

    /// The size in a chunk-size line (`1a;ext=1`), extensions ignored.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        let digits = line.prefix { FormURLEncoding.hexValue($0) != nil }
        let rest = line[digits.endIndex...]
        guard !digits.isEmpty,
              rest.first.map({ $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) ?? true
        else { throw .malformed("bad chunk size") }
        guard digits.drop(while: { $0 == UInt8(ascii: "0") }).count <= 12 else { throw .bodyTooLarge }
        return digits.reduce(0) { $0 << 4 | Int(FormURLEncoding.hexValue($1)!) }
    }

    /// Takes one line (without its CRLF or LF) when all of it has arrived.
    private mutating func takeLine(limit: Int, tooLong: HTTPParseError) throws(HTTPParseError) -> ArraySlice<UInt8>? {
        guard let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.count - position > limit { throw tooLong }
            return nil
        }
        guard newline + 1 - position <= limit else { throw tooLong }
        var line = buffer[position ..< newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        position = newline + 1
        return line
    }

    // MARK: Bytes

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A `tchar` of RFC 9110 §5.6.2.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

private extension Substring {
    /// The substring without leading and trailing spaces and tabs.
    func trimmingSpacesAndTabs() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
