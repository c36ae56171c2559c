/// Comparisons whose time does not depend on where two secrets differ.
enum ConstantTime {
    /// True when `a` and `b` hold the same bytes (their lengths are not secret).
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
