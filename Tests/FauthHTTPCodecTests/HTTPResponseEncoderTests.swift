import Glibc
import Testing

@testable import FauthHTTPCodec

@Suite("HTTP response encoding")
struct HTTPResponseEncoderTests {
    /// The `Date` the encoder works out by arithmetic is the one glibc's gmtime and strftime give, across leap days,
    /// century years, both sides of 1970 and a spread of ordinary times.
    @Test func datesMatchGmtime() {
        var times = [
            0, -1, 951_782_400, 951_868_799, 4_102_444_800, 4_107_542_399, 1_700_000_000, -2_208_988_800,
            253_402_300_799,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { times.append(Int.random(in: -2_000_000_000...10_000_000_000, using: &generator)) }
        for seconds in times {
            var bytes: [UInt8] = []
            HTTPResponseEncoder.appendDate(seconds, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == Self.strftimeDate(seconds), "at \(seconds)")
        }
    }

    @Test func serverOwnedHeadersAreReplacedAndHeadLeavesTheBodyOut() {
        let headers = [(name: "content-LENGTH", value: "9"), ("Date", "x"), ("X-A", "b")]
        let text = String(
            decoding: HTTPResponseEncoder.encode(
                status: 200, headers: headers, extraHeaders: [("Vary", "Origin")],
                body: Array("hi".utf8), keepAlive: true, headRequest: false),
            as: UTF8.self)
        let date = text.split(separator: "\r\n").first { $0.hasPrefix("Date: ") } ?? ""
        #expect(
            text
                == "HTTP/1.1 200 OK\r\nX-A: b\r\nVary: Origin\r\n\(date)\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nhi"
        )
        let head = String(
            decoding: HTTPResponseEncoder.encode(
                status: 404, headers: [], body: Array("no".utf8),
                keepAlive: false, headRequest: true), as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 404 Not Found\r\nDate: "))
        #expect(head.hasSuffix(" GMT\r\nConnection: close\r\nContent-Length: 2\r\n\r\n"))
    }

    private static func strftimeDate(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
