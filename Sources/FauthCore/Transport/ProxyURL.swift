/// A proxy URL as libcurl takes one, `[scheme://][user[:password]@]host[:port][/…]`, checked before libcurl sees it:
/// a value it could never use is refused up front, by the name of its variable, never by its value (which may hold a
/// password). The scheme is one libcurl proxies through (`http` when none is written).
struct ProxyURL: Sendable, Equatable {
    /// The schemes libcurl proxies through.
    static let schemes = ["http", "https", "socks4", "socks4a", "socks5", "socks5h"]

    /// Why a proxy URL cannot be used, in words that never quote it.
    struct Problem: Error, Equatable {
        /// What is wrong, e.g. "its port is not a number from 1 to 65535".
        let reason: String
    }

    /// The scheme, in lower case.
    let scheme: String
    /// The host name, IPv4 address or bracketed IPv6 address.
    let host: String
    /// The port, when one is written.
    let port: Int?

    /// `host[:port]`: what a message names (never the user or password).
    var authority: String { port.map { "\(host):\($0)" } ?? host }

    /// Where the first `://` of `text` stands (without _StringProcessing, which fauth's binary leaves out).
    static func schemeSeparator(in text: Substring) -> Range<String.Index>? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("://") { return index..<text.index(index, offsetBy: 3) }
            index = text.index(after: index)
        }
        return nil
    }

    /// Parses `text`, or throws what is wrong with it.
    init(parsing text: String) throws(Problem) {
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            throw Problem(reason: "it holds a space or a control character")
        }
        var rest = Substring(text)
        var scheme = "http"
        if let separator = Self.schemeSeparator(in: rest) {
            scheme = rest[..<separator.lowerBound].lowercased()
            guard Self.schemes.contains(scheme) else {
                throw Problem(
                    reason: "its scheme is not one libcurl proxies through (\(Self.schemes.joined(separator: ", ")))")
            }
            rest = rest[separator.upperBound...]
        }
        self.scheme = scheme
        var hostAndPort = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = hostAndPort.lastIndex(of: "@") {
            guard !hostAndPort[..<at].contains("@") else {
                throw Problem(reason: "its user or password holds an '@' (write it as %40)")
            }
            hostAndPort = hostAndPort[hostAndPort.index(after: at)...]
        }
        let portText: Substring?
        if hostAndPort.first == "[" {
            guard let close = hostAndPort.firstIndex(of: "]") else {
                throw Problem(reason: "its IPv6 address has no closing ']'")
            }
            let address = hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]
            let after = hostAndPort[hostAndPort.index(after: close)...]
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }),
                after.isEmpty || after.first == ":"
            else {
                throw Problem(reason: "its IPv6 address is malformed")
            }
            host = String(hostAndPort[...close])
            portText = after.isEmpty ? nil : after.dropFirst()
        } else {
            let parts = hostAndPort.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard !parts[0].isEmpty,
                parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" })
            else {
                throw Problem(reason: "its host name is missing or malformed")
            }
            host = String(parts[0])
            portText = parts.count > 1 ? parts[1] : nil
        }
        guard let portText, !portText.isEmpty else {
            port = nil
            return
        }
        guard portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(portText),
            (1...65535).contains(number)
        else {
            throw Problem(reason: "its port is not a number from 1 to 65535")
        }
        port = number
    }
}
