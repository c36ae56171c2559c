/// Why a request could not be parsed; the server answers with `status` and closes the connection.
public enum HTTPParseError: Error, Sendable, Equatable {
    /// The bytes are not a valid HTTP/1.x request (400).
    case malformed(String)
    /// The request line and header fields exceed the configured size (431).
    case headersTooLarge
    /// The body exceeds the configured size (413).
    case bodyTooLarge
    /// A transfer coding other than `chunked` was asked for (501).
    case unsupportedTransferEncoding
    /// An HTTP major version other than 1 (505).
    case unsupportedVersion

    /// The status code the server answers with.
    public var status: Int {
        switch self {
        case .malformed: 400
        case .headersTooLarge: 431
        case .bodyTooLarge: 413
        case .unsupportedTransferEncoding: 501
        case .unsupportedVersion: 505
        }
    }
}
