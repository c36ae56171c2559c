/// Hides what must never be shown from text that reaches an error or a trace (`docs/design/errors.md`: never a password
/// or a token), and nothing else:
/// - the value of every `key` query parameter of a URL (the API key), in any text;
/// - each secret a request carried (a password, a token, a code, a nonce…), as written and percent-encoded, in the
///   server's answer to it, where the secret stands as a whole token: not preceded or followed by a letter, digit or
///   `_` that would continue it. So a secret of any length is hidden where the server echoes it (`Unable to parse
///   id_token: REDACTED`), and a short one (`a`, `1`) never eats into a word (`INVALID_PASSWORD` stays whole).
/// Each is replaced by `REDACTED`. Transport failures (which name the host and port) only ever carry the URL, and
/// libcurl's words, which may quote the proxy URL as written, are redacted of its user and password
/// (`credentials(in:)`) by the transport.
struct SecretRedaction: Sendable {
    /// What stands for a hidden value.
    static let placeholder = "REDACTED"

    /// The UTF-8 forms to hide (each secret and its percent-encoding), longest first.
    private let secrets: [[UInt8]]

    /// Hides the key query parameter and each of `secrets` (empty ones are ignored).
    init(secrets: [String] = []) {
        let forms = secrets.filter { !$0.isEmpty }.flatMap { [$0, PercentEncoding.encode($0)] }
        self.secrets = Set(forms).map { Array($0.utf8) }.sorted { $0.count > $1.count }
    }

    /// The user information of `url` (`user:password` before the last `@`, after the scheme if there is one) and its
    /// two halves, as written and trimmed; none when it has no `@`. A proxy URL carries them where libcurl may quote it.
    static func credentials(in url: String) -> [String] {
        guard let at = url.lastIndex(of: "@") else { return [] }
        let userinfo = url[(ProxyURL.schemeSeparator(in: url[..<at])?.upperBound ?? url.startIndex)..<at]
        let halves = userinfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return ([userinfo] + halves).flatMap { [String($0), $0.trimming { $0.isWhitespace }] }
    }

    /// `text` with the value of each `?key=` or `&key=` query parameter and each whole-token secret replaced by
    /// `REDACTED`.
    func redacted(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let parameter = Array("key=".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if Self.startsQueryParameter(bytes, at: index), bytes[index...].starts(with: parameter) {
                var end = index + parameter.count
                while end < bytes.count, Self.isQueryValueByte(bytes[end]) { end += 1 }
                result += parameter
                result += Self.placeholder.utf8
                index = end
            } else if let secret = secrets.first(where: { Self.standsAlone($0, in: bytes, at: index) }) {
                result += Self.placeholder.utf8
                index += secret.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `error` with its message, reason, server message and underlying message redacted.
    func redacted(_ error: FauthError) -> FauthError {
        var error = error
        error.message = redacted(error.message)
        error.reason = error.reason.map(redacted)
        if let message = error.server?.message {
            error.server?.message = redacted(message)
        }
        if let message = error.underlying?.message {
            error.underlying?.message = redacted(message)
        }
        return error
    }

    /// Whether `secret` occurs at `index` as a whole token: a letter, digit or `_` at either end of it is not
    /// continued by another in the text.
    private static func standsAlone(_ secret: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        guard bytes[index...].starts(with: secret) else { return false }
        let end = index + secret.count
        let continuedBefore = index > 0 && isWordByte(bytes[index - 1]) && isWordByte(secret[0])
        let continuedAfter = end < bytes.count && isWordByte(bytes[end]) && isWordByte(secret[secret.count - 1])
        return !continuedBefore && !continuedAfter
    }

    /// Whether `byte` belongs to a word: an ASCII letter or digit, `_`, or part of a non-ASCII character.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            return true
        default:
            return false
        }
    }

    /// Whether a query parameter starts at `index`: the byte before is `?` or `&`.
    private static func startsQueryParameter(_ bytes: [UInt8], at index: Int) -> Bool {
        index > 0 && (bytes[index - 1] == UInt8(ascii: "?") || bytes[index - 1] == UInt8(ascii: "&"))
    }

    /// Whether `byte` can be part of a query value as a key is written in one: unreserved, `%` or `+`.
    private static func isQueryValueByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: "%"), UInt8(ascii: "+"):
            return true
        default:
            return false
        }
    }
}
