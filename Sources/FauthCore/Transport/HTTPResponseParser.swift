import CCurlShim

/// Reads one HTTP/1.x response from bytes that arrive in pieces: the status line and header fields (interim 1xx
/// responses are skipped), then the body, framed by chunked transfer coding, by Content-Length, or by the end of the
/// connection. Failures carry the libcurl result code libcurl gives for the same thing.
struct HTTPResponseParser {
    /// The most body bytes accepted.
    let maximumBodySize: Int
    /// False for a HEAD request, whose response has no body whatever its header says.
    let expectsBody: Bool

    /// Header blocks longer than this are refused (libcurl's limit is about the same).
    static let maximumHeaderSize = 100 * 1024

    private enum Framing {
        case chunked
        case length(Int)
        case untilClose
    }

    private var buffer: [UInt8] = []
    private var status = 0
    private var headers: [(name: String, value: String)] = []
    private var framing: Framing?
    /// Where the body starts in `buffer`, once the header block has been read.
    private var bodyStart = 0
    /// For a chunked body: where the next chunk-size line starts, and the body decoded so far.
    private var chunkCursor = 0
    private var decodedBody: [UInt8] = []
    /// Where the complete response ends in `buffer`.
    private var messageEnd = 0

    init(maximumBodySize: Int, expectsBody: Bool) {
        self.maximumBodySize = maximumBodySize
        self.expectsBody = expectsBody
    }

    /// Whether any byte has arrived.
    var hasReceivedAnything: Bool { !buffer.isEmpty || framing != nil }

    /// Whether, once the response is complete, the connection can carry another request: the body was framed by
    /// length or chunks, nothing came after it, and the server did not ask to close.
    var allowsAnotherRequest: Bool {
        guard let framing, case .untilClose = framing else {
            let options = header("Connection")?.lowercased().split(separator: ",") ?? []
            let closing = options.contains { $0.trimmingHTTPWhitespace() == "close" }
            return !closing && buffer.count == messageEnd
        }
        return false
    }

    /// Takes the next bytes; returns the response once it is complete.
    mutating func take(_ bytes: UnsafeRawBufferPointer) throws(TransportFailure) -> TransportResponse? {
        buffer.append(contentsOf: bytes)
        if framing == nil {
            guard try readHead() else { return nil }
        }
        return try completedResponse(atEnd: false)
    }

    /// The response when the connection has ended, or why it is incomplete.
    mutating func finish() throws(TransportFailure) -> TransportResponse {
        guard hasReceivedAnything else {
            throw .connectionReset(code: Int(FAUTH_CURLE_GOT_NOTHING), message: "Empty reply from server")
        }
        guard framing != nil, let response = try completedResponse(atEnd: true) else {
            throw .connectionReset(code: Int(FAUTH_CURLE_PARTIAL_FILE),
                                   message: "The connection closed before the whole response arrived")
        }
        return response
    }

    /// Reads the status line and header fields of the final response; false when they have not all arrived.
    private mutating func readHead() throws(TransportFailure) -> Bool {
        while true {
            guard let (lines, end) = Self.headerBlock(in: buffer) else {
                if buffer.count > Self.maximumHeaderSize {
                    throw .other(code: Int(FAUTH_CURLE_WEIRD_SERVER_REPLY), message: "The response header is too large")
                }
                return false
            }
            status = try Self.statusCode(lines.first ?? [])
            headers = lines.dropFirst().compactMap(Self.headerField)
            if (100..<200).contains(status) && status != 101 {
                buffer.removeSubrange(0..<end)  // an interim response: the final one follows
                continue
            }
            bodyStart = end
            chunkCursor = end
            if !expectsBody || (100..<200).contains(status) || status == 204 || status == 304 {
                framing = .length(0)
            } else if let coding = header("Transfer-Encoding"), coding.lowercased().hasSuffix("chunked") {
                framing = .chunked
            } else if let text = try contentLength() {
                guard let length = Int(text), length >= 0 else {
                    throw .other(code: Int(FAUTH_CURLE_WEIRD_SERVER_REPLY), message: "Invalid Content-Length: \(text)")
                }
                guard length <= maximumBodySize else { throw TransportFailure.bodyTooLarge(limit: maximumBodySize) }
                framing = .length(length)
            } else {
                framing = .untilClose
            }
            return true
        }
    }

    /// The response, if its body is complete; `atEnd` when no more bytes will come.
    private mutating func completedResponse(atEnd: Bool) throws(TransportFailure) -> TransportResponse? {
        switch framing {
        case .length(let length):
            guard buffer.count - bodyStart >= length else { return nil }
            messageEnd = bodyStart + length
            return TransportResponse(status: status, headers: headers, body: Array(buffer[bodyStart..<bodyStart + length]))
        case .untilClose:
            guard buffer.count - bodyStart <= maximumBodySize else { throw TransportFailure.bodyTooLarge(limit: maximumBodySize) }
            return atEnd ? TransportResponse(status: status, headers: headers, body: Array(buffer[bodyStart...])) : nil
        case .chunked:
            return try decodeChunks() ? TransportResponse(status: status, headers: headers, body: decodedBody) : nil
        case nil:
            return nil
        }
    }

    /// Decodes the chunks that have fully arrived; true once the last chunk and the trailer have been read.
    private mutating func decodeChunks() throws(TransportFailure) -> Bool {
        while let lineEnd = Self.lineEnd(in: buffer, from: chunkCursor) {
            let line = buffer[chunkCursor..<lineEnd.start].prefix { $0 != UInt8(ascii: ";") }
            guard let size = Int(String(decoding: line, as: UTF8.self).trimmingHTTPWhitespace(), radix: 16), size >= 0 else {
                throw .other(code: Int(FAUTH_CURLE_RECV_ERROR), message: "Malformed chunk size in the response")
            }
            if size == 0 {
                // The trailer: field lines up to an empty line.
                var cursor = lineEnd.next
                while let trailerEnd = Self.lineEnd(in: buffer, from: cursor) {
                    if trailerEnd.start == cursor {
                        messageEnd = trailerEnd.next
                        return true
                    }
                    cursor = trailerEnd.next
                }
                return false
            }
            guard decodedBody.count + size <= maximumBodySize else { throw TransportFailure.bodyTooLarge(limit: maximumBodySize) }
            let dataEnd = lineEnd.next + size
            guard let afterData = Self.lineEnd(in: buffer, from: dataEnd), afterData.start == dataEnd else {
                if buffer.count >= dataEnd + 2 {
                    throw .other(code: Int(FAUTH_CURLE_RECV_ERROR), message: "Malformed chunk in the response")
                }
                return false
            }
            decodedBody.append(contentsOf: buffer[lineEnd.next..<dataEnd])
            chunkCursor = afterData.next
        }
        return false
    }

    /// The body's length as the Content-Length fields give it: repeated fields, or a list in one, must all agree
    /// (RFC 9112 §6.3: lengths that differ leave the message's end unknown, so the response is refused).
    private func contentLength() throws(TransportFailure) -> String? {
        let values = headers.filter { $0.name.lowercased() == "content-length" }
            .flatMap { $0.value.utf8.split(separator: UInt8(ascii: ",")).map { String(decoding: $0, as: UTF8.self).trimmingHTTPWhitespace() } }
        guard let first = values.first else { return nil }
        guard values.allSatisfy({ $0 == first }) else {
            throw .other(code: Int(FAUTH_CURLE_WEIRD_SERVER_REPLY), message: "Conflicting Content-Length values: \(values.joined(separator: ", "))")
        }
        return first
    }

    private func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.last { $0.name.lowercased() == wanted }?.value
    }

    /// The lines of the header block at the start of `bytes` (without their line ends), and where the block ends.
    private static func headerBlock(in bytes: [UInt8]) -> (lines: [ArraySlice<UInt8>], end: Int)? {
        var lines: [ArraySlice<UInt8>] = []
        var cursor = 0
        while let end = lineEnd(in: bytes, from: cursor) {
            if end.start == cursor { return (lines, end.next) }
            lines.append(bytes[cursor..<end.start])
            cursor = end.next
        }
        return nil
    }

    /// The line ending at or after `from` (LF, or CR LF): where it starts and where the next line begins.
    private static func lineEnd(in bytes: [UInt8], from: Int) -> (start: Int, next: Int)? {
        guard from < bytes.count, let newline = bytes[from...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let start = newline > from && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
        return (start, newline + 1)
    }

    /// The code of a status line `HTTP/1.1 200 OK`.
    private static func statusCode(_ line: ArraySlice<UInt8>) throws(TransportFailure) -> Int {
        let text = String(decoding: line, as: UTF8.self)
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
              let code = Int(parts[1]), (100...999).contains(code) else {
            throw .other(code: Int(FAUTH_CURLE_WEIRD_SERVER_REPLY), message: "Unsupported response status line")
        }
        return code
    }

    /// One `Name: value` field (line end allowed), the name and value without surrounding whitespace; nil for a line
    /// that is not one. Both transports read header fields with it.
    static func headerField(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return nil }
        let name = String(decoding: line[..<colon], as: UTF8.self).trimmingHTTPWhitespace()
        let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingHTTPWhitespace()
        return (name, value)
    }
}
