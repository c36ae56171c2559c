import CCurlShim

/// One HTTP request for an `HTTPTransport` to send.
package struct TransportRequest: Sendable {
    /// The method (`POST`, `GET`, …).
    package var method: String
    /// The absolute URL, already percent-encoded.
    package var url: String
    /// Header fields to send, in order.
    package var headers: [(name: String, value: String)]
    /// The body bytes (empty for none).
    package var body: [UInt8]
    /// The total time allowed for the whole exchange, in seconds: connecting, sending and receiving.
    package var timeout: Double
    /// The certificate authorities an https:// server's certificate must chain to.
    package var trust: TrustedCertificates

    /// Makes a request from its parts.
    package init(
        method: String, url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [], timeout: Double,
        trust: TrustedCertificates = .system
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.trust = trust
    }
}

extension TransportRequest {
    /// The header fields as `Name: value` lines; a name or value that would split the request (CR, LF, NUL, or a
    /// colon in the name) is refused before anything is sent.
    func headerLines() throws(TransportFailure) -> [String] {
        var lines: [String] = []
        for (name, value) in headers {
            let forbidden: (Character) -> Bool = { $0 == "\r" || $0 == "\n" || $0 == "\0" || $0 == "\r\n" }
            guard !name.isEmpty, !name.contains(":"), !name.contains(where: forbidden),
                !value.contains(where: forbidden)
            else {
                throw .other(code: Int(FAUTH_CURLE_BAD_FUNCTION_ARGUMENT), message: "invalid header field \(name)")
            }
            lines.append("\(name): \(value)")
        }
        return lines
    }
}
