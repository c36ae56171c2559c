/// The bounds a parser applies to each message.
package struct HTTPLimits: Sendable, Equatable {
    /// The largest start line plus header block accepted (and the largest trailer block of a chunked body).
    package var maxHeaderBytes: Int
    /// The largest body accepted, after chunked decoding.
    package var maxBodyBytes: Int
    /// The most header fields accepted in one message.
    package var maxHeaderFields: Int

    /// Makes limits; the defaults suit the emulator's requests.
    package init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20, maxHeaderFields: Int = 100) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderFields = maxHeaderFields
    }
}

/// What the request and response parsers share: the bounds, the bytes received, the reading of a head block and of
/// a body, and the failure that, once thrown, every later call throws again (the connection must then be closed).
struct HTTPMessageReader<Head: Sendable>: Sendable {
    /// The bounds applied.
    let limits: HTTPLimits
    /// The bytes received and not consumed.
    private(set) var input = HTTPInputBuffer()
    /// The message whose body is being read, nil between messages.
    private(set) var current: (head: Head, keepAlive: Bool, body: HTTPBodyReader)?
    private var failure: HTTPParseError?

    /// Makes a reader with these bounds.
    init(limits: HTTPLimits) {
        self.limits = limits
    }

    /// The bytes held: received and not yet handed out, plus a chunked body being decoded.
    var bufferedByteCount: Int { input.count + (current?.body.decodedByteCount ?? 0) }

    /// Appends received bytes.
    mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        input.append(bytes)
    }

    /// Runs one parsing `step` unless an earlier one failed; its failure is kept for every later call.
    mutating func run<Message>(_ step: (inout Self) throws(HTTPParseError) -> Message)
        throws(HTTPParseError) -> Message
    {
        if let failure { throw failure }
        do {
            return try step(&self)
        } catch {
            failure = error
            throw error
        }
    }

    /// The next head block, read by `parse`, once all of it has arrived; nil until then.
    mutating func takeHead(_ parse: ([ArraySlice<UInt8>]) throws(HTTPParseError) -> Head)
        throws(HTTPParseError) -> Head?
    {
        try input.takeHead(limit: limits.maxHeaderBytes, maxFields: limits.maxHeaderFields, parse)
    }

    /// Starts reading the body of `head`, framed as `framing` says.
    mutating func startBody(of head: Head, keepAlive: Bool, framing: HTTPBodyReader.Framing) {
        current = (head, keepAlive, HTTPBodyReader(framing, limits: limits))
    }

    /// The current message once its body is complete, nil until then (or between messages).
    mutating func takeMessage() throws(HTTPParseError) -> (head: Head, keepAlive: Bool, body: [UInt8])? {
        guard var message = current else { return nil }
        current = nil  // so that a chunked body has one owner while it grows
        guard let body = try message.body.read(from: &input) else {
            current = message
            return nil
        }
        return (message.head, message.keepAlive, body)
    }

    /// At the end of the connection: the message whose body runs to it, or nil between messages; `truncated` when
    /// the connection ended inside a message.
    mutating func finish() throws(HTTPParseError) -> (head: Head, body: [UInt8])? {
        try run { reader throws(HTTPParseError) in
            if let message = reader.current, message.body.endsWithConnection {
                reader.current = nil
                return (message.head, reader.input.takeAll())
            }
            guard reader.current == nil, reader.input.count == 0 else { throw .truncated }
            return nil
        }
    }
}

/// Reads one message's body from the received bytes: a fixed length, chunked (`ChunkedBodyDecoder`), or up to the
/// end of the connection (a response's), each within the body limit.
struct HTTPBodyReader: Sendable {
    /// How the body is delimited.
    enum Framing: Sendable {
        case length(Int)
        case chunked
        case untilClose
    }

    private var framing: Framing
    private var decoder: ChunkedBodyDecoder
    private let maxBodyBytes: Int

    /// Makes a reader for a body framed as `framing`.
    init(_ framing: Framing, limits: HTTPLimits) {
        self.framing = framing
        decoder = ChunkedBodyDecoder(maxBodyBytes: limits.maxBodyBytes, maxTrailerBytes: limits.maxHeaderBytes)
        maxBodyBytes = limits.maxBodyBytes
    }

    /// True when the body runs to the end of the connection.
    var endsWithConnection: Bool {
        if case .untilClose = framing { return true }
        return false
    }

    /// The bytes of a chunked body decoded so far.
    var decodedByteCount: Int { decoder.body.count }

    /// The whole body once it has arrived, nil until then; a body that runs to the end of the connection is taken by
    /// `HTTPMessageReader.finish()`.
    mutating func read(from input: inout HTTPInputBuffer) throws(HTTPParseError) -> [UInt8]? {
        switch framing {
        case .length(let length):
            return input.take(length)
        case .chunked:
            return try decoder.decode(&input) ? decoder.body : nil
        case .untilClose:
            guard input.count <= maxBodyBytes else { throw .bodyTooLarge }
            return nil
        }
    }
}
