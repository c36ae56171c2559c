/// Why a request or a response could not be parsed; a server answers with `status` and closes the connection.
package enum HTTPParseError: Error, Sendable, Equatable {
    /// The bytes are not a valid HTTP/1.x message (400).
    case malformed(String)
    /// The start line and header fields (or a chunked body's trailers) exceed the configured size (431).
    case headersTooLarge
    /// The body exceeds the configured size (413).
    case bodyTooLarge
    /// A transfer coding other than `chunked` was asked for (501).
    case unsupportedTransferEncoding
    /// An HTTP major version other than 1 (505).
    case unsupportedVersion
    /// The connection ended inside a message (400).
    case truncated

    /// The status code the server answers with.
    package var status: Int {
        switch self {
        case .malformed, .truncated: 400
        case .headersTooLarge: 431
        case .bodyTooLarge: 413
        case .unsupportedTransferEncoding: 501
        case .unsupportedVersion: 505
        }
    }
}
