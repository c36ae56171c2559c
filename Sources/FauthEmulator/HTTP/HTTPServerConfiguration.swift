/// Where and how an `HTTPServer` listens, and the limits it enforces on each connection.
package struct HTTPServerConfiguration: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal, or a host name such as `localhost`.
    package var host: String
    /// The TCP port; 0 picks a free one (read it back from `HTTPServer.port`).
    package var port: Int
    /// The largest request body accepted; larger ones get 413.
    package var maxBodyBytes: Int
    /// The largest request line plus header block accepted; larger ones get 431.
    package var maxHeaderBytes: Int
    /// How long a keep-alive connection may wait for its next request before the server closes it.
    package var idleTimeoutSeconds: Double
    /// How long a request may take to arrive in full once its first byte came (408 after that; slowloris guard).
    package var requestTimeoutSeconds: Double
    /// The most connections held open at once. A new one past it takes the place of the keep-alive connection idle
    /// the longest, or gets 503 when every connection is at work.
    package var maxConnections: Int
    /// The most request bytes held at once across all connections; the request that would go past it gets 503.
    package var maxBufferedBytes: Int
    /// The threads that serve connections: each reads, runs the handler and writes the answer for one connection at a
    /// time, so this many handlers may wait at once (one more thread accepts and times connections out).
    package var workerThreads: Int

    /// Makes a configuration; every parameter has a default.
    package init(
        host: String = "127.0.0.1", port: Int = 9099, maxBodyBytes: Int = 4 << 20, maxHeaderBytes: Int = 16 * 1024,
        idleTimeoutSeconds: Double = 15, requestTimeoutSeconds: Double = 30, maxConnections: Int = 10_000,
        maxBufferedBytes: Int = 64 << 20, workerThreads: Int = 16
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.maxConnections = maxConnections
        self.maxBufferedBytes = maxBufferedBytes
        self.workerThreads = workerThreads
    }
}
