import FauthText
import Glibc

/// Turns a response into the bytes of an HTTP/1.1 message, with the headers the server owns.
enum HTTPResponseEncoder {
    /// Headers the server writes itself; a handler's copies are dropped.
    private static let serverOwnedHeaders = ["content-length", "connection", "date", "transfer-encoding"]

    /// The full message: status line, the handler's headers, then `Date`, `Connection` and `Content-Length`.
    /// `extraHeaders` (CORS) come after the handler's. The body is left out for HEAD requests and 1xx/204/304.
    /// Written into one array sized up front, so the answer is one write with no copy after it.
    static func encode(_ response: HTTPResponse, extraHeaders: [(name: String, value: String)], keepAlive: Bool,
                       headRequest: Bool) -> [UInt8] {
        let bodyless = response.status < 200 || response.status == 204 || response.status == 304
        let body = bodyless ? [] : response.body
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + (headRequest ? 0 : body.count))
        appendLiteral("HTTP/1.1 ", to: &bytes)
        appendDecimal(response.status, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        appendText(reasonPhrase(response.status), to: &bytes)
        appendLiteral("\r\n", to: &bytes)
        for (name, value) in response.headers where !serverOwnedHeaders.contains(where: { name.equalsIgnoringASCIICase($0) }) {
            appendHeader(name, value, to: &bytes)
        }
        for (name, value) in extraHeaders {
            appendHeader(name, value, to: &bytes)
        }
        appendLiteral("Date: ", to: &bytes)
        appendDate(time(nil), to: &bytes)
        appendLiteral(keepAlive ? "\r\nConnection: keep-alive\r\nContent-Length: " : "\r\nConnection: close\r\nContent-Length: ", to: &bytes)
        appendDecimal(body.count, to: &bytes)
        appendLiteral("\r\n\r\n", to: &bytes)
        if !headRequest {
            bytes.append(contentsOf: body)
        }
        return bytes
    }

    private static func appendHeader(_ name: String, _ value: String, to bytes: inout [UInt8]) {
        appendText(name, to: &bytes)
        appendLiteral(": ", to: &bytes)
        appendText(value, to: &bytes)
        appendLiteral("\r\n", to: &bytes)
    }

    /// Appends the bytes of a literal (in place: no walk over a String's UTF-8 view).
    private static func appendLiteral(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of `text`, read in place.
    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a non-negative number in decimal.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
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

    /// Appends a time as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), worked out from the seconds since 1970
    /// (no gmtime: glibc takes a process-wide lock there, which every serving thread would queue for).
    static func appendDate(_ seconds: Int, to bytes: inout [UInt8]) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let civil = CivilDate.of(daysSinceEpoch: Int64(days))
        let (year, month, day) = (Int(civil.year), Int(civil.month), Int(civil.day))
        let weekday = ((days + 4) % 7 + 7) % 7 // 1970-01-01 was a Thursday
        bytes.append(contentsOf: weekdayNames[weekday * 3 ..< weekday * 3 + 3])
        appendLiteral(", ", to: &bytes)
        appendTwoDigits(day, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: monthNames[(month - 1) * 3 ..< month * 3])
        bytes.append(UInt8(ascii: " "))
        appendDecimal(year, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        appendTwoDigits(secondOfDay / 3600, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(secondOfDay / 60 % 60, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(secondOfDay % 60, to: &bytes)
        appendLiteral(" GMT", to: &bytes)
    }

    private static let weekdayNames = Array("SunMonTueWedThuFriSat".utf8)
    private static let monthNames = Array("JanFebMarAprMayJunJulAugSepOctNovDec".utf8)

    private static func appendTwoDigits(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
