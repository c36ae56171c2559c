/// One parsed HTTP/1.1 request, as the server hands it to a handler.
package struct HTTPRequest: Sendable, Equatable {
    /// The method, as sent (`GET`, `POST`, …).
    package var method: String
    /// The path of the request target, still percent-encoded, without the query
    /// (`/identitytoolkit.googleapis.com/v1/accounts:signUp`).
    package var path: String
    /// The query string after `?`, still percent-encoded, or an empty string.
    package var query: String
    /// The header fields in the order received; names keep their case.
    package var headers: [(name: String, value: String)]
    /// The body bytes (empty when there is none).
    package var body: [UInt8]

    /// Makes a request from its parts.
    package init(
        method: String, path: String, query: String = "", headers: [(name: String, value: String)] = [],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The value of the first header with this name, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// The decoded query parameters in order (`+` is a space; percent escapes are decoded).
    package var queryItems: [(name: String, value: String)] {
        FormURLEncoding.decode(query)
    }

    /// Requests are equal when method, path, query, body and the header fields (in order, names' case kept) are.
    package static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query && lhs.body == rhs.body
            && lhs.headers.map { [$0.name, $0.value] } == rhs.headers.map { [$0.name, $0.value] }
    }
}
