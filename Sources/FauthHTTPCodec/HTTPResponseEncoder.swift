import FauthText
import Glibc

/// Turns a response into the bytes of an HTTP/1.1 message, with the headers a server owns.
package enum HTTPResponseEncoder {
    /// Headers the encoder writes itself; a handler's copies are dropped.
    private static let serverOwnedHeaders = ["content-length", "connection", "date", "transfer-encoding"]

    /// The interim answer a server sends to a request that asked for `Expect: 100-continue`.
    package static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// The full message: status line, `headers` then `extraHeaders` (CORS), then `Date`, `Connection` and
    /// `Content-Length`. The body is left out for HEAD requests and 1xx/204/304. Written into one array sized up
    /// front, so the answer is one write with no copy after it.
    package static func encode(
        status: Int, headers: [(name: String, value: String)],
        extraHeaders: [(name: String, value: String)] = [], body: @autoclosure () -> [UInt8],
        keepAlive: Bool, headRequest: Bool
    ) -> [UInt8] {
        let bodyless = status < 200 || status == 204 || status == 304
        let body = bodyless ? [] : body()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + (headRequest ? 0 : body.count))
        HTTPBytes.appendLiteral("HTTP/1.1 ", to: &bytes)
        HTTPBytes.appendDecimal(status, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        HTTPBytes.appendText(reasonPhrase(status), to: &bytes)
        HTTPBytes.appendLiteral("\r\n", to: &bytes)
        for (name, value) in headers where !serverOwnedHeaders.contains(where: { name.equalsIgnoringASCIICase($0) }) {
            HTTPBytes.appendHeader(name, value, to: &bytes)
        }
        for (name, value) in extraHeaders {
            HTTPBytes.appendHeader(name, value, to: &bytes)
        }
        HTTPBytes.appendLiteral("Date: ", to: &bytes)
        appendDate(time(nil), to: &bytes)
        HTTPBytes.appendLiteral(
            keepAlive
                ? "\r\nConnection: keep-alive\r\nContent-Length: "
                : "\r\nConnection: close\r\nContent-Length: ", to: &bytes)
        HTTPBytes.appendDecimal(body.count, to: &bytes)
        HTTPBytes.appendLiteral("\r\n\r\n", to: &bytes)
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

    /// Appends a time as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), worked out from the seconds since 1970
    /// (no gmtime: glibc takes a process-wide lock there, which every serving thread would queue for).
    static func appendDate(_ seconds: Int, to bytes: inout [UInt8]) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let civil = CivilDate.of(daysSinceEpoch: Int64(days))
        let (year, month, day) = (Int(civil.year), Int(civil.month), Int(civil.day))
        let weekday = ((days + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday
        bytes.append(contentsOf: weekdayNames[weekday * 3..<weekday * 3 + 3])
        HTTPBytes.appendLiteral(", ", to: &bytes)
        appendTwoDigits(day, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: monthNames[(month - 1) * 3..<month * 3])
        bytes.append(UInt8(ascii: " "))
        HTTPBytes.appendDecimal(year, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        appendTwoDigits(secondOfDay / 3600, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(secondOfDay / 60 % 60, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(secondOfDay % 60, to: &bytes)
        HTTPBytes.appendLiteral(" GMT", to: &bytes)
    }

    private static let weekdayNames = Array("SunMonTueWedThuFriSat".utf8)
    private static let monthNames = Array("JanFebMarAprMayJunJulAugSepOctNovDec".utf8)

    private static func appendTwoDigits(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
