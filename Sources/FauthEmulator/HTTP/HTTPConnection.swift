import Glibc

/// One accepted connection: reads requests, calls the handler, writes responses, until close or timeout.
struct HTTPConnection {
    let fd: Int32
    let configuration: HTTPServerConfiguration
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    /// Asked before keeping a connection open after a response: false once the server is stopping.
    let serverIsRunning: () -> Bool

    /// Serves requests until the peer closes, a timeout, an error, a dropped response, or `Connection: close`.
    func run() {
        var parser = HTTPRequestParser(maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: configuration.maxBodyBytes)
        var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
        var deadline = MonotonicClock.seconds() + configuration.idleTimeoutSeconds
        var receivingRequest = false
        while true {
            do {
                while let parsed = try parser.next() {
                    guard respond(to: parsed) else { return }
                    receivingRequest = false
                    deadline = MonotonicClock.seconds() + configuration.idleTimeoutSeconds
                }
            } catch {
                writeError(status: error.status)
                return
            }
            if parser.takeContinueRequest(), !SocketIO.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) {
                return
            }
            if parser.hasPartialRequest && !receivingRequest {
                receivingRequest = true
                deadline = MonotonicClock.seconds() + configuration.requestTimeoutSeconds
            }
            guard SocketIO.waitReadable(fd, seconds: deadline - MonotonicClock.seconds()) else {
                if receivingRequest { writeError(status: 408) }
                return
            }
            let count = readBuffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            parser.append(readBuffer[0 ..< count])
        }
    }

    /// Answers one request; false when the connection must close afterwards.
    private func respond(to parsed: ParsedHTTPRequest) -> Bool {
        let request = parsed.request
        let response = CORSPolicy.preflightResponse(for: request) ?? handler(request)
        if response.dropsConnection { return false }
        let keepAlive = parsed.keepAlive && serverIsRunning()
        let extraHeaders = request.method == "OPTIONS" ? [] : CORSPolicy.originHeaders(for: request)
        let bytes = HTTPResponseEncoder.encode(response, extraHeaders: extraHeaders, keepAlive: keepAlive,
                                               headRequest: request.method == "HEAD")
        return SocketIO.sendAll(fd, bytes) && keepAlive
    }

    /// Answers a request that could not be read, then half-closes and discards what the client still sends for a
    /// moment, so that closing does not reset the connection before the client has read the answer.
    private func writeError(status: Int) {
        let response = HTTPResponse(status: status)
        guard SocketIO.sendAll(fd, HTTPResponseEncoder.encode(response, extraHeaders: [], keepAlive: false, headRequest: false)) else {
            return
        }
        shutdown(fd, Int32(SHUT_WR))
        var discard = [UInt8](repeating: 0, count: 16 * 1024)
        let giveUp = MonotonicClock.seconds() + 1
        var budget = 1 << 20
        while budget > 0, SocketIO.waitReadable(fd, seconds: giveUp - MonotonicClock.seconds()) {
            let count = discard.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
            budget -= count
        }
    }
}
