/// Tests eight bytes at a time for what ends a plain run of JSON string text (a quote, a backslash, a control
/// character) or for one byte, so that long strings (tokens) are read, written and searched a word at a time.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any byte of `word` is a quote, a backslash or below 0x20 (exact: no false answer either way).
    @inline(__always)
    static func hasQuoteBackslashOrControl(_ word: UInt64) -> Bool {
        hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C)) || hasByteBelow0x20(word)
    }

    /// Whether any byte of `word` is 0x80 or above (not ASCII).
    @inline(__always)
    static func hasNonASCII(_ word: UInt64) -> Bool { word & highBits != 0 }

    /// Whether any byte of `word` is 0x7F (which the serializer escapes too).
    @inline(__always)
    static func hasDelete(_ word: UInt64) -> Bool { hasZeroByte(word ^ (ones &* 0x7F)) }

    /// The eight bytes at `offset` of `bytes` (which must hold them), in memory order.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    /// The index of the first `byte` in `bytes` at or after `start`, or nil; eight bytes at a time (a token's dots).
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        let pattern = ones &* UInt64(byte)
        while index + 8 <= bytes.count, !hasZeroByte(word(bytes, at: index) ^ pattern) { index += 8 }
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highBits != 0 }

    @inline(__always)
    private static func hasByteBelow0x20(_ word: UInt64) -> Bool { (word &- ones &* 0x20) & ~word & highBits != 0 }
}
