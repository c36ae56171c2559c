/// Gathers what libcurl's callbacks deliver during one transfer and holds it to fauth's bounds: the body up to a
/// size limit, the header lines (interim `1xx` answers and a proxy's CONNECT answer included) up to a size and a
/// number of interim answers, and, for plain `http://`, a connected peer on this machine.
final class CurlResponseCollector {
    /// The most header bytes one call accepts, every status line and blank line included.
    static let maximumHeaderBytes = 256 << 10
    /// The most interim (`1xx`) answers one call accepts before its final one.
    static let maximumInterimAnswers = 8

    /// The most body bytes accepted.
    let maximumBodySize: Int
    /// Whether the peer must be an address on this machine (plain `http://`).
    let requiresLocalPeer: Bool
    /// The header fields of the latest response seen (an interim or proxy response is replaced by the next one).
    private(set) var headers: [(name: String, value: String)] = []
    /// The body bytes received so far.
    private(set) var body: [UInt8] = []
    /// What stopped the transfer because a bound was passed, nil while none was.
    private(set) var overflow: TransportFailure.Overflow?
    /// The peer address a plain `http://` request was refused for (not on this machine), nil while none was.
    private(set) var refusedPeer: String?
    private var headerBytes = 0, interimAnswers = 0

    /// Makes an empty collector.
    init(maximumBodySize: Int, requiresLocalPeer: Bool) {
        self.maximumBodySize = maximumBodySize
        self.requiresLocalPeer = requiresLocalPeer
    }

    /// Takes one header line as libcurl hands it over (status line, field, or the blank line), CRLF included;
    /// returns false (stop the transfer) past the header bounds.
    func takeHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        headerBytes += bytes.count
        guard headerBytes <= Self.maximumHeaderBytes else {
            overflow = .header
            return false
        }
        let line = Array(bytes)
        if line.starts(with: "HTTP/".utf8) {
            headers = []
            if Self.isInterimStatusLine(line) {
                interimAnswers += 1
                guard interimAnswers <= Self.maximumInterimAnswers else {
                    overflow = .interimAnswers
                    return false
                }
            }
        } else if let field = Self.headerField(line[...]) {
            headers.append(field)
        }
        return true
    }

    /// Takes a piece of the body; returns false (stop the transfer) when it would pass the size limit.
    func takeBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= maximumBodySize else {
            overflow = .body
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Whether a request may be written to the peer at `address` (libcurl's primary IP, after connecting or on a
    /// reused connection): always over TLS, and for plain `http://` only to an address on this machine.
    func admitsPeer(_ address: String) -> Bool {
        guard requiresLocalPeer else { return true }
        if let parsed = HostResolver.literal(address), !parsed.isEmpty, parsed.allSatisfy(LoopbackHost.isLocal) {
            return true
        }
        refusedPeer = address
        return false
    }

    /// One `Name: value` field (line end allowed), the name and value without surrounding whitespace; nil for a line
    /// that is not one.
    static func headerField(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return nil }
        let name = String(decoding: line[..<colon], as: UTF8.self).trimmingHTTPWhitespace()
        let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingHTTPWhitespace()
        return (name, value)
    }

    /// Whether a status line (`HTTP/1.1 100 Continue`) is an interim answer's.
    private static func isInterimStatusLine(_ line: [UInt8]) -> Bool {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")), space + 1 < line.count else { return false }
        return line[space + 1] == UInt8(ascii: "1")
    }
}
