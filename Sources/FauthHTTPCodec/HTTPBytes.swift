/// Appending the parts of an HTTP message to a byte array, for the request and response encoders.
enum HTTPBytes {
    /// Appends `name: value` and a CRLF.
    static func appendHeader(_ name: String, _ value: String, to bytes: inout [UInt8]) {
        appendText(name, to: &bytes)
        appendLiteral(": ", to: &bytes)
        appendText(value, to: &bytes)
        appendLiteral("\r\n", to: &bytes)
    }

    /// Appends the bytes of a literal (in place: no walk over a String's UTF-8 view).
    static func appendLiteral(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of `text`, read in place.
    static func appendText(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a non-negative number in decimal.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
