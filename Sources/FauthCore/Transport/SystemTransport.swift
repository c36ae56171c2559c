/// fauth's transport: plain `http://` to this machine (an emulator) goes over a socket (`LoopbackTransport`),
/// `https://` with no proxy set for it over TLS with libssl (`TLSTransport`), everything else through libcurl
/// (`CurlTransport`: proxies, plain `http://` to other machines, and https:// where libssl cannot be loaded).
/// libssl and libcurl are loaded only when a request needs them.
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

    /// Which of the three transports sends a request.
    public enum Route: Equatable, Sendable {
        case loopback, tls, curl
    }

    /// The transport for `url` under `proxies`; `tlsAvailable` is asked only for an https:// URL with no proxy set.
    public static func route(for url: String, proxies: ProxySettings, tlsAvailable: @autoclosure () -> Bool) -> Route {
        if LoopbackTransport.handles(url) {
            return .loopback
        }
        if TLSTransport.handles(url) && proxies.proxy(forScheme: "https") == nil && tlsAvailable() {
            return .tls
        }
        return .curl
    }

    /// Sends `request` with the transport its URL and the proxy settings call for.
    public func send(_ request: TransportRequest) throws(TransportFailure) -> TransportResponse {
        switch Self.route(for: request.url, proxies: curl.proxies, tlsAvailable: TLSTransport.isAvailable) {
        case .loopback: try loopback.send(request)
        case .tls: try tls.send(request)
        case .curl: try curl.send(request)
        }
    }
}
