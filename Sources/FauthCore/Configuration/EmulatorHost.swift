/// Checks an emulator address: `HOST:PORT`, with an IPv6 host in brackets (`[::1]:9099`), no scheme, no path.
package enum EmulatorHost {
    /// `text` when it is a valid `HOST:PORT`; otherwise a `usage` error naming `source`.
    package static func validated(_ text: String, source: InputSource) throws -> String {
        guard isValid(text) else {
            throw source.invalid("'\(text)' is not HOST:PORT (e.g. 127.0.0.1:9099 or [::1]:9099)")
        }
        return text
    }

    /// Whether `text` is `HOST:PORT` with a port 1–65535.
    package static func isValid(_ text: String) -> Bool {
        guard let colon = text.lastIndex(of: ":") else {
            return false
        }
        let host = text[..<colon]
        let port = text[text.index(after: colon)...]
        guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit), let number = Int(port),
            (1...65_535).contains(number)
        else {
            return false
        }
        if host.hasPrefix("[") {
            let inside = host.dropFirst().dropLast()
            return host.hasSuffix("]") && inside.contains(":")
                && inside.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        return !host.isEmpty
            && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isASCIIDigit || $0 == "." || $0 == "-" || $0 == "_") }
    }
}
