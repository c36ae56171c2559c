/// Sends one HTTP request and returns the response; the seam between the backend and the network.
package protocol HTTPTransport: Sendable {
    /// Sends `request` within its timeout; never follows redirects.
    func send(_ request: TransportRequest) throws(TransportFailure) -> TransportResponse
}
