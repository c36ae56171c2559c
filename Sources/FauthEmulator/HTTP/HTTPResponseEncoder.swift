import Glibc

/// Turns a response into the bytes of an HTTP/1.1 message, with the headers the server owns.
enum HTTPResponseEncoder {
    /// Headers the server writes itself; a handler's copies are dropped.
    private static let serverOwnedHeaders: Set<String> = ["content-length", "connection", "date", "transfer-encoding"]

    /// The full message: status line, the handler's headers, then `Date`, `Connection` and `Content-Length`.
    /// `extraHeaders` (CORS) come after the handler's. The body is left out for HEAD requests and 1xx/204/304.
    static func encode(_ response: HTTPResponse, extraHeaders: [(name: String, value: String)], keepAlive: Bool,
                       headRequest: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
        for (name, value) in response.headers where !serverOwnedHeaders.contains(name.lowercased()) {
            text += "\(name): \(value)\r\n"
        }
        for (name, value) in extraHeaders {
            text += "\(name): \(value)\r\n"
        }
        text += "Date: \(httpDate())\r\n"
        text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n"
        let bodyless = response.status < 200 || response.status == 204 || response.status == 304
        let body = bodyless ? [] : response.body
        text += "Content-Length: \(body.count)\r\n\r\n"
        var bytes = Array(text.utf8)
        if !headRequest {
            bytes.append(contentsOf: body)
        }
        return bytes
    }

    /// The reason phrase for a status code.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Payload Too Large"
        case 415: "Unsupported Media Type"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Unknown"
        }
    }

    /// The current time as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
    static func httpDate() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }
}
