import FauthHTTPCodec
import Glibc

/// The one HTTP request the emulator makes itself: a JSON POST to a blocking function's `http://` URI, written and
/// read with the codec the emulator serves with (`HTTPRequestEncoder`, `HTTPResponseParser`).
enum BlockingFunctionHTTP {
    /// The largest answer body read from a function (its JSON holds a few user fields and claims).
    static let maximumAnswerBytes = 1 << 20

    /// POSTs `body` and returns the status and body text; 500 `BLOCKING_FUNCTION_ERROR_RESPONSE` when the request
    /// cannot be made, the answer is not HTTP or too large, or the exchange does not finish in time.
    static func post(
        _ body: [UInt8], to uri: String,
        timeoutSeconds: Int
    ) throws(APIError) -> (status: Int, text: String) {
        // The whole exchange must end within the function's time limit: connecting (a host that drops packets would
        // otherwise hold the request for the system's two minutes of retries) and the answer, which the parser
        // bounds (head, body, interim answers), so that a function that stalls, trickles or floods cannot hold the
        // emulator.
        let deadline = MonotonicClock.seconds() + Double(timeoutSeconds)
        let failed = APIError.internalError(
            "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Failed to make request to \(uri).))",
            reason: "FetchError")
        let deadlineExceeded = APIError.internalError(
            "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Deadline exceeded making request to \(uri).))", reason: "AbortError")
        guard let url = HTTPURL(uri), url.scheme == "http", !url.host.isEmpty else { throw failed }
        let fd = try connect(to: url, before: deadline, failed: failed, deadlineExceeded: deadlineExceeded)
        defer { close(fd) }
        let headers = [(name: "Content-Type", value: "application/json"), ("Connection", "close")]
        let request = HTTPRequestEncoder.encode(
            method: "POST", target: url.pathAndQuery, host: url.authority,
            headers: headers, body: body)
        guard SocketIO.sendAll(fd, request) else { throw failed }
        var parser = HTTPResponseParser(limits: HTTPLimits(maxBodyBytes: maximumAnswerBytes))
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let answer: ParsedHTTPResponse?
            do { answer = try parser.next() } catch { throw failed }
            if let answer {
                if answer.status >= 200 { return (answer.status, String(decoding: answer.body, as: UTF8.self)) }
                continue  // an interim answer (the parser bounds how many)
            }
            let left = deadline - MonotonicClock.seconds()
            guard left > 0, SocketIO.waitReadable(fd, seconds: left) else { throw deadlineExceeded }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count >= 0 else { throw failed }
            guard count > 0 else {
                // The end of the connection completes an answer whose body runs to it, or cuts one short.
                let last: ParsedHTTPResponse?
                do { last = try parser.finish() } catch { throw failed }
                guard let last else { throw failed }
                return (last.status, String(decoding: last.body, as: UTF8.self))
            }
            parser.append(buffer[0..<count])
        }
    }

    /// A non-blocking socket connected to `url`'s host and port before `deadline`.
    private static func connect(
        to url: HTTPURL, before deadline: Double, failed: APIError,
        deadlineExceeded: APIError
    ) throws(APIError) -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(url.host, url.port, &hints, &found) == 0, let address = found else { throw failed }
        defer { freeaddrinfo(found) }
        let fd = socket(
            address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue),
            address.pointee.ai_protocol)
        guard fd >= 0 else { throw failed }
        if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 {
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard errno == EINPROGRESS else {
                close(fd)
                throw failed
            }
            guard SocketIO.waitWritable(fd, seconds: max(0, deadline - MonotonicClock.seconds())) else {
                close(fd)
                throw deadlineExceeded
            }
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 else {
                close(fd)
                throw failed
            }
        }
        return fd
    }
}
