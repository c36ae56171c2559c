/// What a handler answers: a response to write, or an instruction to drop the connection.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields to send; the server adds `Content-Length`, `Date`, `Connection` and CORS headers itself.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]
    /// When true the server closes the connection without writing anything (a fault the emulator can inject).
    public var dropsConnection: Bool

    /// Makes a response from its parts.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [], dropsConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.dropsConnection = dropsConnection
    }

    /// A response that closes the connection without a reply.
    public static let dropConnection = HTTPResponse(status: 0, dropsConnection: true)
}
