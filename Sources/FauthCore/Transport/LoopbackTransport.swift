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
        let bytes = try HTTPExchange.requestBytes(request, authority: target.authority, pathAndQuery: target.pathAndQuery)
        let connection = try DeadlineSocket.firstAccepting(
            target.addresses, port: target.port, within: RequestDeadlines(timeout: request.timeout, connectTimeout: connectTimeout))
        var exchange = HTTPExchange(maximumBodySize: maximumBodySize)
        return try exchange.run(bytes, over: connection, expectsBody: request.method != "HEAD").response
    }
}
