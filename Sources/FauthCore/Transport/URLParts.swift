/// The parts of an absolute `scheme://host[:port]/path?query` URL that the transports need. A URL with user
/// information, an empty host, or a port outside 1–65535 has no parts. The URL is read by its UTF-8 bytes, as libcurl
/// reads it: every delimiter is ASCII, so a combining mark after one does not hide it, and walking bytes costs a
/// fraction of walking Characters.
struct URLParts: Equatable {
    /// The scheme, lower-cased (`http`, `https`).
    let scheme: String
    /// The host as written, without the brackets of an IPv6 literal.
    let host: String
    /// The port the URL names, or the scheme's default (80 for http, 443 for https, else 0).
    let port: UInt16
    /// `host[:port]` as the URL has it (brackets kept), for a Host header.
    let authority: String
    /// The path and query (`/` when the URL has no path), without a fragment.
    let pathAndQuery: String

    /// The parts of `url`, nil when it is not an absolute URL with a valid host and port.
    init?(url: String) {
        let bytes = url.utf8
        // A scheme holds no ":", so its end is the first one.
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) else {
            return nil
        }
        let schemeBytes = bytes[..<colon]
        guard !schemeBytes.isEmpty, schemeBytes.allSatisfy(Self.isSchemeByte) else { return nil }
        let scheme = String(decoding: schemeBytes.map(Self.lowercased), as: UTF8.self)
        let rest = bytes[bytes.index(colon, offsetBy: 3)...]
        let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard let (host, port) = Self.split(authorityBytes: authority) else { return nil }
        self.scheme = scheme
        self.host = host
        self.authority = String(decoding: authority, as: UTF8.self)
        if let port {
            self.port = port
        } else {
            self.port = scheme == "http" ? 80 : scheme == "https" ? 443 : 0
        }
        let target = String(decoding: rest[authority.endIndex...].prefix { $0 != UInt8(ascii: "#") }, as: UTF8.self)
        pathAndQuery = target.utf8.first == UInt8(ascii: "/") ? target : "/" + target
    }

    /// The host and the port (nil when the authority names none) of `host[:port]` or `[v6][:port]`; nil when the
    /// authority holds user information, an empty host, or a bad port.
    static func split(authority: Substring) -> (host: String, port: UInt16?)? {
        split(authorityBytes: authority.utf8)
    }

    /// `split(authority:)` of the authority's UTF-8 bytes.
    private static func split(authorityBytes authority: Substring.UTF8View) -> (host: String, port: UInt16?)? {
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { return nil }
        let host: Substring.UTF8View
        let portText: Substring.UTF8View?
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let afterHost = authority[authority.index(after: close)...]
            guard afterHost.isEmpty || afterHost.first == UInt8(ascii: ":") else { return nil }
            portText = afterHost.isEmpty ? nil : afterHost.dropFirst()
        } else {
            host = authority.prefix { $0 != UInt8(ascii: ":") }
            portText = host.endIndex < authority.endIndex ? authority[authority.index(after: host.endIndex)...] : nil
        }
        guard !host.isEmpty else { return nil }
        let hostText = String(decoding: host, as: UTF8.self)
        guard let portText else { return (hostText, nil) }
        guard let port = decimalPort(portText) else { return nil }
        return (hostText, port)
    }

    /// The port 1–65535 that one to five ASCII digits spell, else nil.
    private static func decimalPort(_ digits: Substring.UTF8View) -> UInt16? {
        guard !digits.isEmpty, digits.count <= 5 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value > 0 && value <= Int(UInt16.max) ? UInt16(value) : nil
    }

    /// Whether `byte` may be in a scheme: an ASCII letter or digit, `+`, `-` or `.`.
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    /// The ASCII letter `byte` in lower case; any other byte as it is.
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
