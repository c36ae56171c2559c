/// `application/x-www-form-urlencoded` coding, for query strings and form bodies.
package enum FormURLEncoding {
    /// Splits `a=b&c=d` into decoded pairs, in order; a pair without `=` has an empty value.
    package static func decode(_ text: String) -> [(name: String, value: String)] {
        // Split on the bytes of `&` and `=` (never part of a longer UTF-8 character), read in place.
        var pairs: [(name: String, value: String)] = []
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                var equals: Int?
                while end < bytes.count, bytes[end] != UInt8(ascii: "&") {
                    if equals == nil, bytes[end] == UInt8(ascii: "=") { equals = end }
                    end += 1
                }
                if end > start {
                    let name = component(UnsafeBufferPointer(rebasing: bytes[start..<(equals ?? end)]))
                    let value = equals.map { component(UnsafeBufferPointer(rebasing: bytes[($0 + 1)..<end])) }
                    pairs.append((name, value ?? ""))
                }
                start = end + 1
            }
        }
        return pairs
    }

    /// One name or value of a pair, decoded.
    private static func component(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        percentDecode(Substring(String(decoding: bytes, as: UTF8.self)))  // which returns text without escapes as it is
    }

    /// Decodes `+` as a space and `%XX` escapes; an invalid escape is kept as written, invalid UTF-8 is repaired.
    package static func percentDecode(_ text: Substring) -> String {
        // Nothing to decode (an API key, a path segment): the text as it is, with no byte array in between.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let high = hexValue(iterator[iterator.startIndex]),
                let low = hexValue(iterator[iterator.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes one name or value as JavaScript's `URLSearchParams` writes it: ASCII letters, digits and `*-._` kept,
    /// space as `+`, every other byte percent-encoded.
    package static func encode(_ text: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                bytes.append(byte)
            case UInt8(ascii: " "):
                bytes.append(UInt8(ascii: "+"))
            default:
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `name=value&…` with every name and value encoded by `encode(_:)`, in the given order.
    package static func encode(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    /// The value of one hexadecimal digit, or nil.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
