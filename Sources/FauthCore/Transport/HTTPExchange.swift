import CCurlShim

/// One HTTP/1.1 request and its response over a `ByteChannel`: the bytes libcurl would send for the request, and the
/// response read until it is complete, its body capped.
struct HTTPExchange {
    /// What was received: the response, and whether the connection can carry another request.
    struct Outcome {
        /// The response.
        let response: TransportResponse
        /// False when the response ends with the connection or asks to close it.
        let connectionReusable: Bool
    }

    /// The request line, the header fields libcurl would send (Host, Accept, the caller's, Content-Length) and the
    /// body, for `pathAndQuery` on the server named by `authority` (`host[:port]`).
    static func requestBytes(_ request: TransportRequest, authority: String, pathAndQuery: String) throws(TransportFailure) -> [UInt8] {
        var head = "\(request.method) \(pathAndQuery) HTTP/1.1\r\nHost: \(authority)\r\nAccept: */*\r\n"
        for line in try request.headerLines() {
            head += line + "\r\n"
        }
        if !(request.method == "GET" && request.body.isEmpty) {
            head += "Content-Length: \(request.body.count)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + request.body
    }

    /// The most response body bytes accepted.
    let maximumBodySize: Int
    /// Whether any response byte has arrived (a kept connection that failed before any did may be replaced and the
    /// request sent again).
    private(set) var receivedAnything = false

    /// Makes an exchange that accepts bodies up to `maximumBodySize` bytes.
    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    /// Sends `bytes` (a request made by `requestBytes`) and reads the response; `expectsBody` is false for HEAD.
    mutating func run(_ bytes: [UInt8], over channel: ByteChannel, expectsBody: Bool) throws(TransportFailure) -> Outcome {
        try channel.sendAll(bytes)
        var parser = HTTPResponseParser(maximumBodySize: maximumBodySize, expectsBody: expectsBody)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try channel.receive(into: buffer)
            if count == 0 {
                return Outcome(response: try parser.finish(), connectionReusable: false)
            }
            receivedAnything = true
            if let response = try parser.take(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) {
                return Outcome(response: response, connectionReusable: parser.allowsAnotherRequest)
            }
        }
    }
}
