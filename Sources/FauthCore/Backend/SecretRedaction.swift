/// Hides what must never be shown from text that reaches an error or a trace, and nothing else: the value of every
/// `key` query parameter of a URL (the API key), replaced by `REDACTED`; the rest of the text (a host, a port, the
/// cause) is kept as it is, however short the key.
struct SecretRedaction: Sendable {
    /// What stands for a hidden value.
    static let placeholder = "REDACTED"

    /// `text` with the value of each `?key=` or `&key=` query parameter replaced by `REDACTED`.
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
