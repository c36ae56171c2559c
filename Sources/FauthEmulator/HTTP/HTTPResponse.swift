import FauthJSON

/// What a handler answers: a response to write, or an instruction to drop the connection.
package struct HTTPResponse: Sendable {
    /// The status code.
    package var status: Int
    /// Header fields to send; the server adds `Content-Length`, `Date`, `Connection` and CORS headers itself.
    package var headers: [(name: String, value: String)]
    /// When true the server closes the connection without writing anything (a fault the emulator can inject).
    package var dropsConnection: Bool
    private var content: Content

    /// The body as bytes, or as a JSON value serialized only when the body is read (by the connection, after the
    /// emulator's lock is released), or one built then too.
    private enum Content: Sendable {
        case bytes([UInt8])
        case json(JSONValue, pretty: Bool)
        case builtJSON(@Sendable () -> JSONValue)
    }

    /// The body bytes.
    package var body: [UInt8] {
        get {
            switch content {
            case .bytes(let bytes): return bytes
            case .json(let value, let pretty): return value.serializedBytes(pretty: pretty)
            case .builtJSON(let build): return build().serializedBytes()
            }
        }
        set { content = .bytes(newValue) }
    }

    /// Makes a response from its parts.
    package init(
        status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [], dropsConnection: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.content = .bytes(body)
        self.dropsConnection = dropsConnection
    }

    /// A response whose body is `json`, serialized when it is written.
    package init(status: Int, headers: [(name: String, value: String)], json: JSONValue, pretty: Bool) {
        self.status = status
        self.headers = headers
        self.content = .json(json, pretty: pretty)
        self.dropsConnection = false
    }

    /// A response whose compact JSON body `build` makes when the body is read: a handler that runs under the
    /// emulator's lock leaves the building of a large answer from values it has copied to after the lock.
    package init(
        status: Int, headers: [(name: String, value: String)], building build: @escaping @Sendable () -> JSONValue
    ) {
        self.status = status
        self.headers = headers
        self.content = .builtJSON(build)
        self.dropsConnection = false
    }

    /// A response that closes the connection without a reply.
    package static let dropConnection = HTTPResponse(status: 0, dropsConnection: true)
}
