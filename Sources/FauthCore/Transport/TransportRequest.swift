/// One HTTP request for an `HTTPTransport` to send.
public struct TransportRequest: Sendable {
    /// The method (`POST`, `GET`, …).
    public var method: String
    /// The absolute URL, already percent-encoded.
    public var url: String
    /// Header fields to send, in order.
    public var headers: [(name: String, value: String)]
    /// The body bytes (empty for none).
    public var body: [UInt8]
    /// The total time allowed for the whole exchange, in seconds: connecting, sending and receiving.
    public var timeout: Double

    /// Makes a request from its parts.
    public init(method: String, url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [], timeout: Double) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
