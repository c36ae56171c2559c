/// A response the parser has completed.
public struct ParsedHTTPResponse: Sendable, Equatable {
    /// The status code (100–599).
    public var status: Int
    /// The header fields in the order received; names keep their case.
    public var headers: [(name: String, value: String)]
    /// The body bytes (empty when there is none).
    public var body: [UInt8]
    /// True when the connection may carry another request (HTTP/1.1 unless `Connection: close`, and the body was not
    /// delimited by the end of the connection).
    public var keepAlive: Bool

    /// The value of the first header with this name, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// Responses are equal when status, body, keep-alive and the header fields (in order) are.
    public static func == (lhs: ParsedHTTPResponse, rhs: ParsedHTTPResponse) -> Bool {
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
public struct HTTPResponseParser: Sendable {
    /// The largest status line plus header block accepted (and the largest trailer block of a chunked body).
    public let maxHeaderBytes: Int
    /// The largest body accepted, after chunked decoding.
    public let maxBodyBytes: Int
    /// The most header fields accepted in one response.
    public let maxHeaderFields: Int
    /// The most interim (1xx) answers accepted before a final one.
    public let maxInterimResponses: Int

    private var input = HTTPInputBuffer()
    private var state: State = .head
    private var failure: HTTPParseError?
    private var interimResponses = 0

    private struct Head: Sendable {
        var status: Int
        var headers: [(name: String, value: String)]
        var minorVersion: Int
    }

    private enum State: Sendable {
        case head
        case fixedBody(Head, keepAlive: Bool, length: Int)
        case chunkedBody(Head, keepAlive: Bool, ChunkedBodyDecoder)
        case bodyUntilClose(Head)
    }

    /// Makes a parser with these limits.
    public init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20, maxHeaderFields: Int = 100,
                maxInterimResponses: Int = 8) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderFields = maxHeaderFields
        self.maxInterimResponses = maxInterimResponses
    }

    /// The bytes this parser holds: received and not yet handed out, plus a chunked body being decoded.
    public var bufferedByteCount: Int {
        if case .chunkedBody(_, _, let decoder) = state { return input.count + decoder.body.count }
        return input.count
    }

    /// Appends received bytes.
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        input.append(bytes)
    }

    /// The next complete response (an interim 1xx one too), or nil when more bytes are needed. `headRequest` says
    /// whether the request it answers was `HEAD` (whose answer has no body, whatever its headers say).
    public mutating func next(headRequest: Bool = false) throws(HTTPParseError) -> ParsedHTTPResponse? {
        if let failure { throw failure }
        do {
            return try step(headRequest: headRequest)
        } catch {
            failure = error
            throw error
        }
    }

    /// The response the end of the connection completes (one whose body runs to the end), nil when the connection
    /// ended between responses; `truncated` when it ended inside one.
    public mutating func finish() throws(HTTPParseError) -> ParsedHTTPResponse? {
        if let failure { throw failure }
        switch state {
        case .head where input.count == 0:
            return nil
        case .bodyUntilClose(let head):
            state = .head
            return ParsedHTTPResponse(status: head.status, headers: head.headers, body: input.takeAll(),
                                      keepAlive: false)
        default:
            failure = .truncated
            throw .truncated
        }
    }

    private mutating func step(headRequest: Bool) throws(HTTPParseError) -> ParsedHTTPResponse? {
        while true {
            switch state {
            case .head:
                let head = try input.takeHead(limit: maxHeaderBytes, maxFields: maxHeaderFields, Self.head)
                guard let head else { return nil }
                if head.status < 200 {
                    interimResponses += 1
                    guard interimResponses <= maxInterimResponses else {
                        throw .malformed("too many interim responses")
                    }
                    return ParsedHTTPResponse(status: head.status, headers: head.headers, body: [], keepAlive: true)
                }
                interimResponses = 0
                try frameBody(head, headRequest: headRequest)
            case .fixedBody(let head, let keepAlive, let length):
                guard let body = input.take(length) else { return nil }
                state = .head
                return ParsedHTTPResponse(status: head.status, headers: head.headers, body: body, keepAlive: keepAlive)
            case .chunkedBody(let head, let keepAlive, var decoder):
                state = .head  // so that the decoder's body has one owner while it grows
                let done = try decoder.decode(&input)
                guard done else {
                    state = .chunkedBody(head, keepAlive: keepAlive, decoder)
                    return nil
                }
                return ParsedHTTPResponse(status: head.status, headers: head.headers, body: decoder.body,
                                          keepAlive: keepAlive)
            case .bodyUntilClose:
                guard input.count <= maxBodyBytes else { throw .bodyTooLarge }
                return nil
            }
        }
    }

    /// The status line and header fields of a head block.
    private static func head(_ lines: [ArraySlice<UInt8>]) throws(HTTPParseError) -> Head {
        guard let line = lines.first else { throw .malformed("empty response") }
        // `HTTP/1.1 200 OK`: version, a space, three digits, then a space and a reason phrase, or nothing.
        let start = line.startIndex
        guard line.count >= 12, line[start + 8] == UInt8(ascii: " "),
              line[(start + 9) ..< (start + 12)].allSatisfy(HTTPFieldSyntax.isDigit),
              line.count == 12 || line[start + 12] == UInt8(ascii: " ")
        else { throw .malformed("bad status line") }
        let minorVersion = try HTTPFieldSyntax.minorVersion(line[start ..< start + 8])
        let status = line[(start + 9) ..< (start + 12)].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard (100 ... 599).contains(status) else { throw .malformed("bad status code") }
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            headers.append(try HTTPFieldSyntax.headerField(line))
        }
        return Head(status: status, headers: headers, minorVersion: minorVersion)
    }

    /// Decides how the body of a final response is delimited.
    private mutating func frameBody(_ head: Head, headRequest: Bool) throws(HTTPParseError) {
        if headRequest || head.status == 204 || head.status == 304 {
            let keepAlive = try HTTPMessageFraming(headers: head.headers, minorVersion: head.minorVersion,
                                                   maxBodyBytes: Int.max).keepAlive
            state = .fixedBody(head, keepAlive: keepAlive, length: 0)
            return
        }
        let framing = try HTTPMessageFraming(headers: head.headers, minorVersion: head.minorVersion,
                                             maxBodyBytes: maxBodyBytes)
        switch framing.body {
        case .chunked:
            let decoder = ChunkedBodyDecoder(maxBodyBytes: maxBodyBytes, maxTrailerBytes: maxHeaderBytes)
            state = .chunkedBody(head, keepAlive: framing.keepAlive, decoder)
        case .length(let length):
            state = .fixedBody(head, keepAlive: framing.keepAlive, length: length)
        case .unspecified:
            state = .bodyUntilClose(head)
        }
    }
}
