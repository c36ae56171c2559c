import FauthHTTPCodec
import Glibc

/// One accepted connection. Only the thread that owns it (`owned`, under the `ConnectionTable`'s lock) touches its
/// socket and parser: a serving thread woken for it, or the thread that accepts and times connections out.
final class HTTPConnection {
    /// Where the connection is in its life.
    enum Phase {
        /// Waiting for the first byte of a request (a keep-alive connection between requests): the first to be shed.
        case idle
        /// Part of a request has arrived.
        case receiving
        /// An error answer was sent and the write side closed: discarding what the client still sends, briefly.
        case draining
    }

    /// Names the connection in epoll events, never reused (its descriptor number is, once closed).
    let id: UInt64
    let fd: Int32
    /// True while a thread works on it; the table's lock guards it, with `phase`, `deadline` and `accountedBytes`.
    var owned = false
    /// True once it is in the serving threads' epoll set.
    var registered = false
    var parser: HTTPRequestParser
    var phase = Phase.idle
    /// When the current phase times out (monotonic seconds).
    var deadline: Double
    /// The parser's bytes already counted in the server's memory budget.
    var accountedBytes = 0
    /// Bytes discarded while draining.
    var drainedBytes = 0

    init(id: UInt64, fd: Int32, configuration: HTTPServerConfiguration, now: Double) {
        self.id = id
        self.fd = fd
        parser = HTTPRequestParser(
            maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: configuration.maxBodyBytes)
        deadline = now + configuration.idleTimeoutSeconds
    }

    /// Whether bytes the client sent wait in the socket, not yet read by a serving thread (a request on its way, even
    /// while the connection still looks idle). A peer that has closed counts as nothing to read.
    var hasUnreadBytes: Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }

    /// Answers one request: calls the handler, writes the answer; false when the connection must
    /// close afterwards (`Connection: close`, a dropped response, a write that failed, or the server stopping).
    /// `keepAliveAllowed` is asked once the handler has answered.
    func answer(_ parsed: ParsedHTTPRequest, handler: (HTTPRequest) -> HTTPResponse, keepAliveAllowed: () -> Bool)
        -> Bool
    {
        let request = parsed.request
        let response = CORSPolicy.preflightResponse(for: request) ?? handler(request)
        if response.dropsConnection { return false }
        let keepAlive = parsed.keepAlive && keepAliveAllowed()
        let extraHeaders = request.method == "OPTIONS" ? [] : CORSPolicy.originHeaders(for: request)
        let bytes = HTTPResponseEncoder.encode(
            status: response.status, headers: response.headers, extraHeaders: extraHeaders,
            body: response.body, keepAlive: keepAlive, headRequest: request.method == "HEAD")
        return SocketIO.sendAll(fd, bytes) && keepAlive
    }

    /// Sends a status-only answer and closes the write side (the server then drains until the client closes, a
    /// second at most), so that closing does not reset the connection before the client has read the answer.
    func sendErrorAndHalfClose(status: Int, body: [UInt8] = []) {
        let headers = body.isEmpty ? [] : [(name: "Content-Type", value: "application/json; charset=utf-8")]
        let bytes = HTTPResponseEncoder.encode(
            status: status, headers: headers, body: body, keepAlive: false, headRequest: false)
        _ = SocketIO.sendAll(fd, bytes)
        shutdown(fd, Int32(SHUT_WR))
    }
}
