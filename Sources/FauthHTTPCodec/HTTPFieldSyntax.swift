/// The grammar requests and responses share (RFC 9110, RFC 9112): header field lines, list values, the version in a
/// start line, decimal lengths, tokens.
enum HTTPFieldSyntax {
    /// One `name: value` line, the value trimmed of spaces and tabs.
    static func headerField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
        guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
            throw .malformed(line.isEmpty ? "empty header line" : "obsolete header line folding")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw .malformed("header field without a colon")
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw .malformed("bad header field name") }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { value.removeFirst() }
        while let byte = value.last, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { value.removeLast() }
        guard value.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == UInt8(ascii: "\t") }) else {
            throw .malformed("control character in header field value")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// The minor version of an `HTTP/1.x` version field (0 or 1); another major version is `unsupportedVersion`.
    static func minorVersion(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        let start = bytes.startIndex
        guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8), bytes[start + 6] == UInt8(ascii: "."),
            isDigit(bytes[start + 5]), isDigit(bytes[start + 7])
        else { throw .malformed("bad HTTP version") }
        guard bytes[start + 5] == UInt8(ascii: "1") else { throw .unsupportedVersion }
        guard bytes[start + 7] <= UInt8(ascii: "1") else { throw .unsupportedVersion }
        return Int(bytes[start + 7] - UInt8(ascii: "0"))
    }

    /// The comma-separated items of a header value, trimmed, without empty items (split on bytes: a comma, space or
    /// tab is never part of a longer character in UTF-8).
    static func listItems(_ value: String) -> [Substring] {
        // One item with nothing to trim (`Content-Length: 42`, `Connection: close`): no split.
        let separators: (UInt8) -> Bool = {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
        }
        if !value.isEmpty, !value.utf8.contains(where: separators) {
            return [Substring(value)]
        }
        return value.utf8.split(separator: UInt8(ascii: ","))
            .map { Substring($0).trimmingSpacesAndTabs() }
            .filter { !$0.isEmpty }
    }

    /// A non-negative decimal length; past `limit` it is `bodyTooLarge` (found before the digits run out).
    static func decimalLength(_ text: Substring, limit: Int) throws(HTTPParseError) -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy(isDigit) else { throw .malformed("bad Content-Length") }
        var value = 0
        for digit in text.utf8 {
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
            if value > limit { throw .bodyTooLarge }
        }
        return value
    }

    /// Whether `byte` is an ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A `tchar` of RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

extension Substring {
    /// The substring without leading and trailing spaces and tabs.
    fileprivate func trimmingSpacesAndTabs() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
