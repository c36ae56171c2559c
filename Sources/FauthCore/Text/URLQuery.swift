/// The query of a URL (after the first `?`, before any `#`) as name–value items, percent-decoded, read as
/// RFC 3986 says (`+` stays `+`) or, for a form-encoded query (an OAuth answer, RFC 6749), with `+` for a space;
/// an item without `=` has no value.
struct URLQuery: Equatable {
    /// One `name=value` item; `value` is nil when the item has no `=`.
    struct Item: Equatable {
        var name: String
        var value: String?
    }

    /// The items in their order (empty when the URL has no query).
    var items: [Item]

    /// The query of `url`; nil when `url` holds a character a URL cannot hold (white space, a control character,
    /// anything outside ASCII) or a `%` not followed by two hex digits, or decodes to something that is not UTF-8.
    /// `formEncoded`: a `+` is a space.
    init?(url: String, formEncoded: Bool = false) {
        let bytes = Array(url.utf8)
        guard !bytes.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) else { return nil }
        let beforeFragment = bytes.prefix { $0 != UInt8(ascii: "#") }
        guard let mark = beforeFragment.firstIndex(of: UInt8(ascii: "?")) else {
            items = []
            return
        }
        var items: [Item] = []
        for part in beforeFragment[(mark + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = part.firstIndex(of: UInt8(ascii: "="))
            guard let name = Self.decoded(part[..<(equals ?? part.endIndex)], formEncoded: formEncoded) else {
                return nil
            }
            var value: String?
            if let equals {
                guard let decoded = Self.decoded(part[(equals + 1)...], formEncoded: formEncoded) else { return nil }
                value = decoded
            }
            items.append(Item(name: name, value: value))
        }
        self.items = items
    }

    /// The value of the first item named `name` (nil when there is none, or it has no value).
    func value(_ name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    private static func decoded(_ bytes: ArraySlice<UInt8>, formEncoded: Bool) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else {
                    return nil
                }
                out.append(high << 4 | low)
                index += 3
            } else if formEncoded, byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
                index += 1
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
