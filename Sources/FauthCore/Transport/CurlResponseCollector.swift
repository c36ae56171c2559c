/// Gathers what libcurl's header and write callbacks deliver during one transfer, up to a body size limit.
final class CurlResponseCollector {
    /// The most body bytes accepted.
    let maximumBodySize: Int
    /// The header fields of the latest response seen (an interim or proxy response is replaced by the next one).
    private(set) var headers: [(name: String, value: String)] = []
    /// The body bytes received so far.
    private(set) var body: [UInt8] = []
    /// True once the body went past `maximumBodySize` and the transfer was stopped.
    private(set) var bodyTooLarge = false

    /// Makes an empty collector.
    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    /// Takes one header line as libcurl hands it over (status line, field, or the blank line), CRLF included.
    func takeHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let line = Array(bytes)
        if line.starts(with: "HTTP/".utf8) {
            headers = []
        } else if let field = HTTPResponseParser.headerField(line[...]) {
            headers.append(field)
        }
    }

    /// Takes a piece of the body; returns false (stop the transfer) when it would pass the size limit.
    func takeBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= maximumBodySize else {
            bodyTooLarge = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }
}
