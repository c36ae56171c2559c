/// Turns a request into the bytes of an HTTP/1.1 message, for the clients that speak the codec's HTTP.
package enum HTTPRequestEncoder {
    /// The full message: request line, `Host`, `headers` in order, then `Content-Length` when there is a body or the
    /// method is one that carries one (POST, PUT, PATCH), then the body. `target` is in origin form (`/path?query`);
    /// `host` is the authority (`host:port`). Names and values must hold no CR or LF (checked: a precondition).
    package static func encode(
        method: String, target: String, host: String,
        headers: [(name: String, value: String)] = [], body: [UInt8] = []
    ) -> [UInt8] {
        precondition(
            ([method, target, host] + headers.flatMap { [$0.name, $0.value] }).allSatisfy(isSingleLine),
            "a request's line and fields must not hold line breaks")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + body.count)
        HTTPBytes.appendText(method, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        HTTPBytes.appendText(target, to: &bytes)
        HTTPBytes.appendLiteral(" HTTP/1.1\r\n", to: &bytes)
        HTTPBytes.appendHeader("Host", host, to: &bytes)
        for (name, value) in headers {
            HTTPBytes.appendHeader(name, value, to: &bytes)
        }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) {
            HTTPBytes.appendLiteral("Content-Length: ", to: &bytes)
            HTTPBytes.appendDecimal(body.count, to: &bytes)
            HTTPBytes.appendLiteral("\r\n", to: &bytes)
        }
        HTTPBytes.appendLiteral("\r\n", to: &bytes)
        bytes.append(contentsOf: body)
        return bytes
    }

    private static func isSingleLine(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
    }
}
