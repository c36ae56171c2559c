/// The HTTP response a transport received, whatever its status (a 3xx, 4xx or 5xx is a response, not a failure).
package struct TransportResponse: Sendable {
    /// The status code.
    package var status: Int
    /// The header fields of the final response, in the order received.
    package var headers: [(name: String, value: String)]
    /// The body bytes.
    package var body: [UInt8]

    /// Makes a response from its parts.
    package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header with this name, compared case-insensitively.
    package func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
