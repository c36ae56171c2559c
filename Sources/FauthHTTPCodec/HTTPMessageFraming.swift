/// What a message's header fields say about its body and its connection (RFC 9112 §6, §9.3).
struct HTTPMessageFraming: Sendable {
    /// How the body is delimited.
    enum Body: Sendable, Equatable {
        /// `Content-Length` bytes.
        case length(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// Neither header: no body in a request, the rest of the connection in a response.
        case unspecified
    }

    /// How the body is delimited.
    var body: Body
    /// True when the connection stays open after the message (HTTP/1.1 unless `Connection: close`; HTTP/1.0 only
    /// with `Connection: keep-alive`).
    var keepAlive: Bool
    /// True when the message asked for `Expect: 100-continue`.
    var expectsContinue: Bool

    /// Reads the framing from `headers`; a `Content-Length` over `maxBodyBytes` is `bodyTooLarge`, a transfer coding
    /// other than `chunked` is `unsupportedTransferEncoding`, and both headers together are malformed.
    init(headers: [(name: String, value: String)], minorVersion: Int, maxBodyBytes: Int) throws(HTTPParseError) {
        var contentLengths: [Substring] = []
        var codings: [String] = []
        var connection: [String] = []
        var hasTransferEncoding = false
        var hasContentLength = false
        expectsContinue = false
        for (name, value) in headers {
            if name.equalsIgnoringASCIICase("content-length") {
                hasContentLength = true
                contentLengths += HTTPFieldSyntax.listItems(value)
            } else if name.equalsIgnoringASCIICase("transfer-encoding") {
                hasTransferEncoding = true
                codings += HTTPFieldSyntax.listItems(value).map { $0.lowercased() }
            } else if name.equalsIgnoringASCIICase("connection") {
                connection += HTTPFieldSyntax.listItems(value).map { $0.lowercased() }
            } else if name.equalsIgnoringASCIICase("expect") {
                expectsContinue = value.lowercased() == "100-continue"
            }
        }
        if minorVersion == 0 {
            keepAlive = connection.contains("keep-alive") && !connection.contains("close")
        } else {
            keepAlive = !connection.contains("close")
        }
        if hasTransferEncoding {
            guard contentLengths.isEmpty else { throw .malformed("both Content-Length and Transfer-Encoding") }
            guard codings.allSatisfy({ $0 == "chunked" }) else { throw .unsupportedTransferEncoding }
            guard codings.count == 1 else { throw .malformed("bad Transfer-Encoding") }
            body = .chunked
        } else if hasContentLength {
            guard let first = contentLengths.first else { throw .malformed("bad Content-Length") }
            guard contentLengths.allSatisfy({ $0 == first }) else {
                throw .malformed("conflicting Content-Length values")
            }
            body = .length(try HTTPFieldSyntax.decimalLength(first, limit: maxBodyBytes))
        } else {
            body = .unspecified
        }
    }
}
