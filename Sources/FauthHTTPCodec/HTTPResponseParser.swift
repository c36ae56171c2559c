/// A response the parser has completed.
package struct ParsedHTTPResponse: Sendable, Equatable {
    /// The status code (100–599).
    package var status: Int
    /// The header fields in the order received; names keep their case.
    package var headers: [(name: String, value: String)]
    /// The body bytes (empty when there is none).
    package var body: [UInt8]
    /// True when the connection may carry another request (HTTP/1.1 unless `Connection: close`, and the body was not
    /// delimited by the end of the connection).
    package var keepAlive: Bool

    /// The value of the first header with this name, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// Responses are equal when status, body, keep-alive and the header fields (in order) are.
    package static func == (lhs: ParsedHTTPResponse, rhs: ParsedHTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body && lhs.keepAlive == rhs.keepAlive
            && lhs.headers.map { [$0.name, $0.value] } == rhs.headers.map { [$0.name, $0.value] }
    }
}

/// An incremental HTTP/1.x response parser, the client side of the codec `HTTPRequestParser` is the server side of:
/// feed it bytes as they arrive, take complete responses out, and call `finish()` when the connection ends.
///
/// Bodies are framed as RFC 9112 §6.3 says: none for a HEAD request's answer and for 1xx, 204 and 304; chunked
/// (decoded by the same `ChunkedBodyDecoder` as requests), `Content-Length`, or else the rest of the connection.
/// The head, the body and the number of interim (1xx) answers in a row are bounded. Once it has thrown, the parser
/// stays failed.
package struct HTTPResponseParser: Sendable {
    /// The most interim (1xx) answers accepted before a final one.
    package let maxInterimResponses: Int

    private var reader: HTTPMessageReader<Head>
    private var interimResponses = 0

    private struct Head: Sendable {
        var status: Int
        var headers: [(name: String, value: String)]
        var minorVersion: Int
    }

    /// Makes a parser with these limits.
    package init(limits: HTTPLimits = HTTPLimits(), maxInterimResponses: Int = 8) {
        reader = HTTPMessageReader(limits: limits)
        self.maxInterimResponses = maxInterimResponses
    }

    /// The bounds this parser applies.
    package var limits: HTTPLimits { reader.limits }

    /// The bytes this parser holds: received and not yet handed out, plus a chunked body being decoded.
    package var bufferedByteCount: Int { reader.bufferedByteCount }

    /// Appends received bytes.
    package mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        reader.append(bytes)
    }

    /// The next complete response (an interim 1xx one too), or nil when more bytes are needed. `headRequest` says
    /// whether the request it answers was `HEAD` (whose answer has no body, whatever its headers say).
    package mutating func next(headRequest: Bool = false) throws(HTTPParseError) -> ParsedHTTPResponse? {
        let maxInterim = maxInterimResponses
        var interim = interimResponses
        defer { interimResponses = interim }
        return try reader.run { reader throws(HTTPParseError) in
            if reader.current == nil {
                guard let head = try reader.takeHead(Self.head) else { return nil }
                if head.status < 200 {
                    interim += 1
                    guard interim <= maxInterim else { throw .malformed("too many interim responses") }
                    return ParsedHTTPResponse(status: head.status, headers: head.headers, body: [], keepAlive: true)
                }
                interim = 0
                try Self.startBody(of: head, headRequest: headRequest, in: &reader)
            }
            guard let message = try reader.takeMessage() else { return nil }
            return ParsedHTTPResponse(
                status: message.head.status, headers: message.head.headers, body: message.body,
                keepAlive: message.keepAlive)
        }
    }

    /// The response the end of the connection completes (one whose body runs to the end), nil when the connection
    /// ended between responses; `truncated` when it ended inside one.
    package mutating func finish() throws(HTTPParseError) -> ParsedHTTPResponse? {
        guard let message = try reader.finish() else { return nil }
        return ParsedHTTPResponse(
            status: message.head.status, headers: message.head.headers, body: message.body,
            keepAlive: false)
    }

    /// The status line and header fields of a head block.
    private static func head(_ lines: [ArraySlice<UInt8>]) throws(HTTPParseError) -> Head {
        guard let line = lines.first else { throw .malformed("empty response") }
        // `HTTP/1.1 200 OK`: version, a space, three digits, then a space and a reason phrase, or nothing.
        let start = line.startIndex
        guard line.count >= 12, line[start + 8] == UInt8(ascii: " "),
            line[(start + 9)..<(start + 12)].allSatisfy(HTTPFieldSyntax.isDigit),
            line.count == 12 || line[start + 12] == UInt8(ascii: " ")
        else { throw .malformed("bad status line") }
        let minorVersion = try HTTPFieldSyntax.minorVersion(line[start..<start + 8])
        let status = line[(start + 9)..<(start + 12)].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard (100...599).contains(status) else { throw .malformed("bad status code") }
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            headers.append(try HTTPFieldSyntax.headerField(line))
        }
        return Head(status: status, headers: headers, minorVersion: minorVersion)
    }

    /// Starts reading the body of a final response, delimited as RFC 9112 §6.3 says.
    private static func startBody(
        of head: Head, headRequest: Bool,
        in reader: inout HTTPMessageReader<Head>
    ) throws(HTTPParseError) {
        let bodyless = headRequest || head.status == 204 || head.status == 304
        let framing = try HTTPMessageFraming(
            headers: head.headers, minorVersion: head.minorVersion,
            maxBodyBytes: bodyless ? Int.max : reader.limits.maxBodyBytes)
        let body: HTTPBodyReader.Framing
        switch framing.body {
        case _ where bodyless: body = .length(0)
        case .chunked: body = .chunked
        case .length(let length): body = .length(length)
        case .unspecified: body = .untilClose
        }
        reader.startBody(of: head, keepAlive: framing.keepAlive, framing: body)
    }
}
