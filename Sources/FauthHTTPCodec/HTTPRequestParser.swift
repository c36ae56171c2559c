/// A request the parser has completed, with what it implies for the connection.
package struct ParsedHTTPRequest: Sendable, Equatable {
    /// The request itself.
    package var request: HTTPRequest
    /// True when the connection stays open after the response (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    package var keepAlive: Bool
    /// The minor version of HTTP/1.x (0 or 1).
    package var minorVersion: Int
}

/// An incremental HTTP/1.x request parser: feed it bytes as they arrive, take complete requests out.
///
/// Bodies are framed by `Content-Length` or by `Transfer-Encoding: chunked` (decoded by `ChunkedBodyDecoder`);
/// any other transfer coding is refused with 501. Line endings may be CRLF or a bare LF. Once `next()` has thrown,
/// the parser stays failed: the connection must be answered and closed.
package struct HTTPRequestParser: Sendable {
    private var reader: HTTPMessageReader<Head>
    private var continuePending = false

    private struct Head: Sendable {
        var method: String
        var path: String
        var query: String
        var headers: [(name: String, value: String)]
        var minorVersion: Int
        var expectsContinue: Bool
    }

    /// Makes a parser with these limits.
    package init(limits: HTTPLimits) {
        reader = HTTPMessageReader(limits: limits)
    }

    /// Makes a parser with these limits.
    package init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20, maxHeaderFields: Int = 100) {
        self.init(
            limits: HTTPLimits(
                maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes,
                maxHeaderFields: maxHeaderFields))
    }

    /// The bounds this parser applies.
    package var limits: HTTPLimits { reader.limits }

    /// True when some bytes of a request have arrived but the request is not complete yet.
    package var hasPartialRequest: Bool {
        reader.current != nil || reader.input.count > 0
    }

    /// The bytes this parser holds (received and not yet handed out, plus a chunked body being decoded), which the
    /// server counts against its memory budget.
    package var bufferedByteCount: Int { reader.bufferedByteCount }

    /// Appends received bytes.
    package mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        reader.append(bytes)
    }

    /// Returns true once when the request being received asked for `Expect: 100-continue` and its body is still
    /// to come: the server should then send `100 Continue`.
    package mutating func takeContinueRequest() -> Bool {
        defer { continuePending = false }
        return continuePending && hasPartialRequest
    }

    /// The next complete request, or nil when more bytes are needed.
    package mutating func next() throws(HTTPParseError) -> ParsedHTTPRequest? {
        let betweenRequests = reader.current == nil
        let parsed = try reader.run(Self.step)
        if parsed != nil {
            continuePending = false
        } else if betweenRequests, let head = reader.current?.head {
            continuePending = head.expectsContinue  // a head has just been read and its body is to come
        }
        return parsed
    }

    private static func step(_ reader: inout HTTPMessageReader<Head>) throws(HTTPParseError) -> ParsedHTTPRequest? {
        if reader.current == nil {
            guard let head = try reader.takeHead(Self.head) else { return nil }
            let framing = try HTTPMessageFraming(
                headers: head.headers, minorVersion: head.minorVersion,
                maxBodyBytes: reader.limits.maxBodyBytes)
            let body: HTTPBodyReader.Framing
            switch framing.body {
            case .chunked: body = .chunked
            case .length(let length): body = .length(length)
            case .unspecified: body = .length(0)  // a request without either header has no body
            }
            var started = head
            // Only a body still to come can be waited for with `100 Continue`.
            started.expectsContinue =
                framing.expectsContinue && head.minorVersion == 1
                && framing.body != .length(0) && framing.body != .unspecified
            reader.startBody(of: started, keepAlive: framing.keepAlive, framing: body)
        }
        guard let message = try reader.takeMessage() else { return nil }
        let head = message.head
        let request = HTTPRequest(
            method: head.method, path: head.path, query: head.query, headers: head.headers,
            body: message.body)
        return ParsedHTTPRequest(request: request, keepAlive: message.keepAlive, minorVersion: head.minorVersion)
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
            !line[(targetEnd + 1)...].contains(space)
        else { throw .malformed("bad request line") }
        let methodBytes = line[..<methodEnd]
        let targetBytes = line[(methodEnd + 1)..<targetEnd]
        let versionBytes = line[(targetEnd + 1)...]
        guard !methodBytes.isEmpty, !targetBytes.isEmpty, !versionBytes.isEmpty else {
            throw .malformed("bad request line")
        }
        guard methodBytes.allSatisfy(HTTPFieldSyntax.isTokenByte) else { throw .malformed("bad method") }
        guard targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .malformed("bad request target") }
        let minorVersion = try HTTPFieldSyntax.minorVersion(versionBytes)
        let method = String(decoding: methodBytes, as: UTF8.self)
        let (path, query) = try target(targetBytes, method: method)
        return Head(
            method: method, path: path, query: query, headers: [], minorVersion: minorVersion,
            expectsContinue: false)
    }

    /// Splits an origin-form, absolute-form or asterisk-form target into path and query.
    private static func target(_ bytes: ArraySlice<UInt8>, method: String) throws(HTTPParseError) -> (String, String) {
        if bytes.first == UInt8(ascii: "/") {
            guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else {
                return (String(decoding: bytes, as: UTF8.self), "")
            }
            return (
                String(decoding: bytes[..<mark], as: UTF8.self),
                String(decoding: bytes[(mark + 1)...], as: UTF8.self)
            )
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if text == "*" {
            guard method == "OPTIONS" else { throw .malformed("asterisk target outside OPTIONS") }
            return ("*", "")
        }
        guard let url = HTTPURL(text) else { throw .malformed("bad request target") }
        return (url.path, url.query)
    }
}
