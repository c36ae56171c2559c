/// Whether `text` parses as an absolute URL the way a WHATWG URL parser (Firebase's `parseAbsoluteUri`, `new URL(…)`)
/// accepts it: a scheme, then for the web schemes (http, https, ws, wss, ftp) a valid host and port; any other
/// scheme (`com.example.app:/done`, `myapp://`) and `file:` need nothing more.
func isAbsoluteURI(_ text: String) -> Bool {
    let isC0OrSpace: (Character) -> Bool = { $0.unicodeScalars.allSatisfy { $0.value <= 0x20 } }
    var trimmed = Substring(text)
    while let first = trimmed.first, isC0OrSpace(first) { trimmed = trimmed.dropFirst() }
    while let last = trimmed.last, isC0OrSpace(last) { trimmed = trimmed.dropLast() }
    let input = trimmed.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
    guard let colon = input.firstIndex(of: ":") else { return false }
    let scheme = input[..<colon].lowercased()
    guard isURIScheme(scheme) else { return false }
    guard ["http", "https", "ws", "wss", "ftp"].contains(scheme) else { return true }
    let afterScheme = input[input.index(after: colon)...].drop { $0 == "/" || $0 == "\\" }
    let authority = afterScheme.prefix { !"/\\?#".contains($0) }
    let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    if hostAndPort.hasPrefix("[") {
        guard let close = hostAndPort.firstIndex(of: "]") else { return false }
        let rest = hostAndPort[hostAndPort.index(after: close)...]
        return rest.isEmpty || (rest.first == ":" && isPort(rest.dropFirst()))
    }
    var host = hostAndPort
    if let portColon = hostAndPort.lastIndex(of: ":") {
        guard isPort(hostAndPort[hostAndPort.index(after: portColon)...]) else { return false }
        host = hostAndPort[..<portColon]
    }
    let forbidden = " #%/:<>?@[\\]^|".unicodeScalars
    return !host.isEmpty
        && host.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && !forbidden.contains($0) }
}

/// Whether `text` is a URI scheme (RFC 3986): an ASCII letter, then ASCII letters, digits, `+`, `-` and `.`.
func isURIScheme(_ text: some StringProtocol) -> Bool {
    guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
    return text.unicodeScalars.allSatisfy {
        $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
    }
}

/// An empty port or up to 65535, digits only.
private func isPort(_ text: Substring) -> Bool {
    text.isEmpty || (text.allSatisfy { $0.isASCII && $0.isNumber } && (Int(text) ?? Int.max) <= 65535)
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
