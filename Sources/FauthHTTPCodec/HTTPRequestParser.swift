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
/// Bodies are framed by `Content-Length` or by `Transfer-Encoding: chunked` (decoded by `ChunkedBodyDecoder`);
/// any other transfer coding is refused with 501. Line endings may be CRLF or a bare LF. Once `next()` has thrown,
/// the parser stays failed: the connection must be answered and closed.
public struct HTTPRequestParser: Sendable {
    /// The largest request line plus header block accepted (and the largest trailer block of a chunked body).
    public let maxHeaderBytes: Int
    /// The largest body accepted, after chunked decoding.
    public let maxBodyBytes: Int
    /// The most header fields accepted in one request.
    public let maxHeaderFields: Int

    private var input = HTTPInputBuffer()
    private var state: State = .head
    private var failure: HTTPParseError?
    private var continuePending = false

    private struct Head: Sendable {
        var method: String
        var path: String
        var query: String
        var headers: [(name: String, value: String)]
        var minorVersion: Int
    }

    private enum State: Sendable {
        case head
        case fixedBody(Head, keepAlive: Bool, length: Int)
        case chunkedBody(Head, keepAlive: Bool, ChunkedBodyDecoder)
    }

    /// Makes a parser with these size limits.
    public init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20, maxHeaderFields: Int = 100) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderFields = maxHeaderFields
    }

    /// True when some bytes of a request have arrived but the request is not complete yet.
    public var hasPartialRequest: Bool {
        if case .head = state { return input.count > 0 }
        return true
    }

    /// The bytes this parser holds (received and not yet handed out, plus a chunked body being decoded), which the
    /// server counts against its memory budget.
    public var bufferedByteCount: Int {
        if case .chunkedBody(_, _, let decoder) = state { return input.count + decoder.body.count }
        return input.count
    }

    /// Appends received bytes.
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        input.append(bytes)
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
                let head = try input.takeHead(limit: maxHeaderBytes, maxFields: maxHeaderFields, Self.head)
                guard let head else { return nil }
                try frameBody(head)
            case .fixedBody(let head, let keepAlive, let length):
                guard let body = input.take(length) else { return nil }
                return finish(head, keepAlive: keepAlive, body: body)
            case .chunkedBody(let head, let keepAlive, var decoder):
                state = .head  // so that the decoder's body has one owner while it grows
                let done = try decoder.decode(&input)
                state = .chunkedBody(head, keepAlive: keepAlive, decoder)
                guard done else { return nil }
                return finish(head, keepAlive: keepAlive, body: decoder.body)
            }
        }
    }

    private mutating func finish(_ head: Head, keepAlive: Bool, body: [UInt8]) -> ParsedHTTPRequest {
        state = .head
        continuePending = false
        let request = HTTPRequest(method: head.method, path: head.path, query: head.query, headers: head.headers,
                                  body: body)
        return ParsedHTTPRequest(request: request, keepAlive: keepAlive, minorVersion: head.minorVersion)
    }

    // MARK: Head

    /// The request line and header fields of a head block.
    private static func head(_ lines: [ArraySlice<UInt8>]) throws(HTTPParseError) -> Head {
        guard let first = lines.first else { throw .malformed("empty request") }
        var head = try requestLine(first)
        head.headers.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            head.headers.append(try HTTPFieldSyntax.headerField(line))
        }
        return head
    }

    /// Method, target and version, separated by single spaces.
    private static func requestLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Head {
        let space = UInt8(ascii: " ")
        guard let methodEnd = line.firstIndex(of: space),
              let targetEnd = line[(methodEnd + 1)...].firstIndex(of: space),
              !line[(targetEnd + 1)...].contains(space) else { throw .malformed("bad request line") }
        let methodBytes = line[..<methodEnd], targetBytes = line[(methodEnd + 1) ..< targetEnd]
        let versionBytes = line[(targetEnd + 1)...]
        guard !methodBytes.isEmpty, !targetBytes.isEmpty, !versionBytes.isEmpty else {
            throw .malformed("bad request line")
        }
        guard methodBytes.allSatisfy(HTTPFieldSyntax.isTokenByte) else { throw .malformed("bad method") }
        guard targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .malformed("bad request target") }
        let minorVersion = try HTTPFieldSyntax.minorVersion(versionBytes)
        let method = String(decoding: methodBytes, as: UTF8.self)
        let (path, query) = try target(targetBytes, method: method)
        return Head(method: method, path: path, query: query, headers: [], minorVersion: minorVersion)
    }

    /// Splits an origin-form, absolute-form or asterisk-form target into path and query.
    private static func target(_ bytes: ArraySlice<UInt8>, method: String) throws(HTTPParseError) -> (String, String) {
        if bytes.first == UInt8(ascii: "/") {
            guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else {
                return (String(decoding: bytes, as: UTF8.self), "")
            }
            return (String(decoding: bytes[..<mark], as: UTF8.self),
                    String(decoding: bytes[(mark + 1)...], as: UTF8.self))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if text == "*" {
            guard method == "OPTIONS" else { throw .malformed("asterisk target outside OPTIONS") }
            return ("*", "")
        }
        guard let url = HTTPURL(text) else { throw .malformed("bad request target") }
        return (url.path, url.query)
    }

    // MARK: Body framing

    /// Decides keep-alive, `Expect: 100-continue` and how the body is delimited.
    private mutating func frameBody(_ head: Head) throws(HTTPParseError) {
        let framing = try HTTPMessageFraming(headers: head.headers, minorVersion: head.minorVersion,
                                             maxBodyBytes: maxBodyBytes)
        switch framing.body {
        case .chunked:
            let decoder = ChunkedBodyDecoder(maxBodyBytes: maxBodyBytes, maxTrailerBytes: maxHeaderBytes)
            state = .chunkedBody(head, keepAlive: framing.keepAlive, decoder)
        case .length(let length):
            state = .fixedBody(head, keepAlive: framing.keepAlive, length: length)
        case .unspecified:
            state = .fixedBody(head, keepAlive: framing.keepAlive, length: 0)
        }
        if case .fixedBody(_, _, 0) = state {
            continuePending = false
        } else {
            continuePending = framing.expectsContinue && head.minorVersion == 1
        }
    }
}
