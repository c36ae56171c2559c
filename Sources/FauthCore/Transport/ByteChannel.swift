/// A connection that carries an HTTP exchange's bytes (a TCP socket, or TLS over one), each wait bounded by the
/// request's deadline.
protocol ByteChannel: AnyObject {
    /// Sends all of `bytes`.
    func sendAll(_ bytes: [UInt8]) throws(TransportFailure)
    /// Reads what has arrived into `buffer` (waiting for something); 0 at the end of the stream.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws(TransportFailure) -> Int
}
