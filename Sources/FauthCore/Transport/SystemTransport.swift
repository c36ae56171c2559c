/// fauth's transport: plain `http://` to this machine (an emulator) goes over a socket (`LoopbackTransport`),
/// `https://` with no proxy set for it over TLS with libssl (`TLSTransport`), everything else through libcurl
/// (`CurlTransport`: proxies, and plain `http://` to other machines). libssl and libcurl are loaded only when a
/// request needs them.
public struct SystemTransport: HTTPTransport {
    /// Sends requests to an emulator on this machine.
    public var loopback: LoopbackTransport
    /// Sends `https://` requests when no proxy is set for them.
    public var tls: TLSTransport
    /// Sends every other request.
    public var curl: CurlTransport

    /// Makes the transports with the same limits; `proxies` apply to what goes through libcurl.
    public init(maximumBodySize: Int = CurlTransport.defaultMaximumBodySize,
                connectTimeout: Double = CurlTransport.defaultConnectTimeout, proxies: ProxySettings = .none) {
        loopback = LoopbackTransport(maximumBodySize: maximumBodySize, connectTimeout: connectTimeout)
        tls = TLSTransport(maximumBodySize: maximumBodySize, connectTimeout: connectTimeout)
        curl = CurlTransport(maximumBodySize: maximumBodySize, connectTimeout: connectTimeout, proxies: proxies)
    }

    /// Sends `request` with the transport its URL and the proxy settings call for.
    public func send(_ request: TransportRequest) throws(TransportFailure) -> TransportResponse {
        if LoopbackTransport.handles(request.url) {
            return try loopback.send(request)
        }
        if TLSTransport.handles(request.url) && curl.proxies.proxy(forScheme: "https") == nil {
            return try tls.send(request)
        }
        return try curl.send(request)
    }
}
