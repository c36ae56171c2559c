/// fauth's transport: plain `http://` to this machine (an emulator) goes over a socket (`LoopbackTransport`),
/// everything else through libcurl (`CurlTransport`), which is then loaded only when a request needs it.
public struct SystemTransport: HTTPTransport {
    /// Sends requests to an emulator on this machine.
    public var loopback: LoopbackTransport
    /// Sends every other request.
    public var curl: CurlTransport

    /// Makes both transports with the same limits; `proxies` apply to what goes through libcurl.
    public init(maximumBodySize: Int = CurlTransport.defaultMaximumBodySize,
                connectTimeout: Double = CurlTransport.defaultConnectTimeout, proxies: ProxySettings = .none) {
        loopback = LoopbackTransport(maximumBodySize: maximumBodySize, connectTimeout: connectTimeout)
        curl = CurlTransport(maximumBodySize: maximumBodySize, connectTimeout: connectTimeout, proxies: proxies)
    }

    /// Sends `request` with the transport its URL calls for.
    public func send(_ request: TransportRequest) throws(TransportFailure) -> TransportResponse {
        if LoopbackTransport.handles(request.url) {
            return try loopback.send(request)
        }
        return try curl.send(request)
    }
}
