/// Base32 (RFC 4648 §6, upper-case alphabet), as used for TOTP shared secret keys.
package enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// Encodes bytes, with `=` padding to a multiple of 8 characters unless `padded` is false.
    package static func encode(_ bytes: [UInt8], padded: Bool = true) -> String {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bitCount += 8
            while bitCount >= 5 {
                bitCount -= 5
                output.append(alphabet[Int(buffer >> UInt32(bitCount) & 0x1F)])
            }
        }
        if bitCount > 0 {
            output.append(alphabet[Int(buffer << UInt32(5 - bitCount) & 0x1F)])
        }
        if padded {
            while output.count % 8 != 0 { output.append(UInt8(ascii: "=")) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes text in either case, with or without `=` padding; nil for any other character or a bad length.
    package static func decode(_ text: String) -> [UInt8]? {
        var symbols = Array(text.utf8)
        while symbols.last == UInt8(ascii: "=") { symbols.removeLast() }
        guard [0, 2, 4, 5, 7].contains(symbols.count % 8) else { return nil }
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bitCount = 0
        for symbol in symbols {
            guard let value = value(of: symbol) else { return nil }
            buffer = buffer << 5 | UInt32(value)
            bitCount += 5
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bitCount)))
            }
        }
        return output
    }

    private static func value(of symbol: UInt8) -> UInt8? {
        switch symbol {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return symbol - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return symbol - UInt8(ascii: "a")
        case UInt8(ascii: "2")...UInt8(ascii: "7"): return symbol - UInt8(ascii: "2") + 26
        default: return nil
        }
    }
}
