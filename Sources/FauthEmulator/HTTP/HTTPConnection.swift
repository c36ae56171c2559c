import Glibc

/// One accepted connection. The event loop owns it (reads, parses, times it out) except while a worker answers one of
/// its requests (`phase == .busy`), when only that worker touches the socket.
final class HTTPConnection {
    /// Where the connection is in its life.
    enum Phase {
        /// Waiting for the first byte of a request (a keep-alive connection between requests): the first to be shed.
        case idle
        /// Part of a request has arrived.
        case receiving
        /// A worker is answering a request.
        case busy
        /// An error answer was sent and the write side closed: discarding what the client still sends, briefly.
        case draining
    }

    let fd: Int32
    var parser: HTTPRequestParser
    var phase = Phase.idle
    /// When the current phase times out (monotonic seconds).
    var deadline: Double
    /// The parser's bytes already counted in the server's memory budget.
    var accountedBytes = 0
    /// Bytes discarded while draining.
    var drainedBytes = 0

    init(fd: Int32, configuration: HTTPServerConfiguration, now: Double) {
        self.fd = fd
        parser = HTTPRequestParser(maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: configuration.maxBodyBytes)
        deadline = now + configuration.idleTimeoutSeconds
    }

    /// Whether bytes the client sent wait in the socket, not yet read by the event loop (a request on its way, even
    /// while the connection still looks idle). A peer that has closed counts as nothing to read.
    var hasUnreadBytes: Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }

    /// Answers one request on a worker thread: calls the handler, writes the answer; false when the connection must
    /// close afterwards (`Connection: close`, a dropped response, a write that failed, or the server stopping).
    func answer(_ parsed: ParsedHTTPRequest, handler: (HTTPRequest) -> HTTPResponse, keepAliveAllowed: Bool) -> Bool {
        let request = parsed.request
        let response = CORSPolicy.preflightResponse(for: request) ?? handler(request)
        if response.dropsConnection { return false }
        let keepAlive = parsed.keepAlive && keepAliveAllowed
        let extraHeaders = request.method == "OPTIONS" ? [] : CORSPolicy.originHeaders(for: request)
        let bytes = HTTPResponseEncoder.encode(response, extraHeaders: extraHeaders, keepAlive: keepAlive,
                                               headRequest: request.method == "HEAD")
        return SocketIO.sendAll(fd, bytes) && keepAlive
    }

    /// Sends a status-only answer and closes the write side (the loop then drains until the client closes), so that
    /// closing does not reset the connection before the client has read the answer.
    func sendErrorAndHalfClose(status: Int, body: [UInt8] = [], now: Double) {
        let headers = body.isEmpty ? [] : [(name: "Content-Type", value: "application/json; charset=utf-8")]
        let response = HTTPResponse(status: status, headers: headers, body: body)
        _ = SocketIO.sendAll(fd, HTTPResponseEncoder.encode(response, extraHeaders: [], keepAlive: false, headRequest: false))
        shutdown(fd, Int32(SHUT_WR))
        phase = .draining
        deadline = now + 1
    }
}
