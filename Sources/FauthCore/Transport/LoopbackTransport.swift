import CCurlShim

/// An `HTTPTransport` for plain `http://` to this machine (an emulator): HTTP/1.1 over a non-blocking socket, one
/// connection per request, within the request's total deadline, redirects never followed, the body capped. It
/// behaves as `CurlTransport` does for such URLs (same requests on the wire, same failures and libcurl codes)
/// without loading libcurl and its ~30 libraries, which is most of what a command costs against an emulator.
public struct LoopbackTransport: HTTPTransport {
    /// The most response body bytes accepted; a larger body is a failure.
    public var maximumBodySize: Int
    /// The longest wait for a connection, in seconds (never more than the request's total timeout).
    public var connectTimeout: Double

    /// Makes a transport with these limits.
    public init(maximumBodySize: Int = CurlTransport.defaultMaximumBodySize,
                connectTimeout: Double = CurlTransport.defaultConnectTimeout) {
        self.maximumBodySize = maximumBodySize
        self.connectTimeout = connectTimeout
    }

    /// Whether this transport can send to `url`: `http://` with a loopback address literal or `localhost` as host.
    public static func handles(_ url: String) -> Bool {
        LoopbackTarget(url: url) != nil
    }

    /// Sends `request` and returns whatever response arrived, or the reason none did.
    public func send(_ request: TransportRequest) throws(TransportFailure) -> TransportResponse {
        guard let target = LoopbackTarget(url: request.url) else {
            throw .other(code: Int(FAUTH_CURLE_BAD_FUNCTION_ARGUMENT), message: "not a plain http:// URL on this machine")
        }
        let bytes = try Self.requestBytes(request, target: target)
        let started = MonotonicTime.now()
        let deadline = started.adding(seconds: Self.clamped(request.timeout))
        let connectDeadline = started.adding(seconds: Self.clamped(min(request.timeout, connectTimeout)))

        var connection: DeadlineSocket?
        var lastFailure: TransportFailure?
        for address in target.addresses where connection == nil {
            do {
                connection = try DeadlineSocket(connectingTo: address, port: target.port, started: started,
                                                connectDeadline: connectDeadline, deadline: deadline)
            } catch {
                guard case .connectionRefused = error else { throw error }
                lastFailure = error
            }
        }
        guard let connection else {
            throw lastFailure ?? .other(code: Int(FAUTH_CURLE_COULDNT_CONNECT), message: "no address to connect to")
        }

        try connection.sendAll(bytes)
        var parser = HTTPResponseParser(maximumBodySize: maximumBodySize, expectsBody: request.method != "HEAD")
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try connection.receive(into: buffer)
            if count == 0 {
                return try parser.finish()
            }
            if let response = try parser.take(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) {
                return response
            }
        }
    }

    /// The request line, the header fields libcurl would send (Host, Accept, the caller's, Content-Length) and the body.
    private static func requestBytes(_ request: TransportRequest, target: LoopbackTarget) throws(TransportFailure) -> [UInt8] {
        var head = "\(request.method) \(target.pathAndQuery) HTTP/1.1\r\nHost: \(target.authority)\r\nAccept: */*\r\n"
        for line in try request.headerLines() {
            head += line + "\r\n"
        }
        if !(request.method == "GET" && request.body.isEmpty) {
            head += "Content-Length: \(request.body.count)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + request.body
    }

    /// A timeout in seconds as libcurl takes it: at least a millisecond, at most a day.
    private static func clamped(_ seconds: Double) -> Double {
        seconds.isFinite ? min(max(seconds, 0.001), 86_400) : 86_400
    }
}
