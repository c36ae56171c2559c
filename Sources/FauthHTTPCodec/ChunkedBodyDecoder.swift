/// Decodes a body sent with `Transfer-Encoding: chunked` (RFC 9112 §7.1), for requests and responses alike:
/// chunk extensions are ignored, trailer fields are read and dropped. Every line is bounded (a chunk-size line to
/// `maxChunkLineBytes`, the trailer block to `maxTrailerBytes`) and so is the decoded body (`maxBodyBytes`), so
/// neither endless extensions, zero-padded sizes nor trailers can grow it without limit.
struct ChunkedBodyDecoder: Sendable {
    /// The longest chunk-size line accepted, extensions included.
    static let maxChunkLineBytes = 4096

    /// The largest body accepted, after decoding.
    let maxBodyBytes: Int
    /// The largest trailer block accepted.
    let maxTrailerBytes: Int
    /// The body decoded so far.
    private(set) var body: [UInt8] = []
    private var phase = Phase.size

    private enum Phase: Sendable {
        case size
        case data(size: Int)
        case trailers(bytesSeen: Int)
    }

    /// Makes a decoder with these limits.
    init(maxBodyBytes: Int, maxTrailerBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.maxTrailerBytes = maxTrailerBytes
    }

    /// Decodes what has arrived in `input`; true once the last chunk and the trailers are in (`body` is complete).
    mutating func decode(_ input: inout HTTPInputBuffer) throws(HTTPParseError) -> Bool {
        while true {
            switch phase {
            case .size:
                let tooLong = HTTPParseError.malformed("chunk size line too long")
                guard let size = try input.takeLine(limit: Self.maxChunkLineBytes, tooLong: tooLong, Self.chunkSize)
                else { return false }
                guard size <= maxBodyBytes - body.count else { throw .bodyTooLarge }
                phase = size == 0 ? .trailers(bytesSeen: 0) : .data(size: size)
            case .data(let size):
                let available = input.count
                guard available > size else { return false }
                let terminator: Int
                if input[size] == UInt8(ascii: "\n") {
                    terminator = 1
                } else if input[size] == UInt8(ascii: "\r") {
                    guard available > size + 1 else { return false }
                    guard input[size + 1] == UInt8(ascii: "\n") else {
                        throw .malformed("chunk data not followed by CRLF")
                    }
                    terminator = 2
                } else {
                    throw .malformed("chunk data not followed by CRLF")
                }
                input.move(size, to: &body, skipping: terminator)
                phase = .size
            case .trailers(let bytesSeen):
                let before = input.count
                let limit = maxTrailerBytes - bytesSeen
                guard let isLast = try input.takeLine(limit: limit, tooLong: .headersTooLarge, Self.endsTrailers)
                else { return false }
                if isLast { return true }
                phase = .trailers(bytesSeen: bytesSeen + before - input.count)
            }
        }
    }

    /// Whether a trailer line is the blank one that ends the message; a field without a colon is malformed.
    private static func endsTrailers(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Bool {
        if line.isEmpty { return true }
        guard line.contains(UInt8(ascii: ":")) else { throw .malformed("trailer field without a colon") }
        return false
    }

    /// The size in a chunk-size line (`1a;ext=1`), extensions ignored; leading zeros are allowed (bounded by the
    /// line's length), a size past 12 significant hex digits is `bodyTooLarge`.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        let digits = line.prefix { FormURLEncoding.hexValue($0) != nil }
        let rest = line[digits.endIndex...]
        guard !digits.isEmpty,
            rest.first.map({ $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) ?? true
        else { throw .malformed("bad chunk size") }
        guard digits.drop(while: { $0 == UInt8(ascii: "0") }).count <= 12 else { throw .bodyTooLarge }
        return digits.reduce(0) { $0 << 4 | Int(FormURLEncoding.hexValue($1)!) }
    }
}
