/// The fraction of π in base 2³², computed with Machin's formula π = 16·atan(1/5) − 4·atan(1/239) in fixed point:
/// Blowfish's initial subkeys are these digits, so no table of them has to be written out.
enum PiHexDigits {
    /// The first `count` 32-bit words of π's fraction (0x243F6A88, 0x85A308D3, …).
    static func fractionWords(_ count: Int) -> [UInt32] {
        let width = count + 3  // guard words absorb the truncation of each division
        let fifth = arctangentOfReciprocal(5, width: width)
        let twoThirtyNinth = arctangentOfReciprocal(239, width: width)
        var pi = multiply(fifth, by: 16)
        subtract(multiply(twoThirtyNinth, by: 4), from: &pi)
        return Array(pi[1...count])
    }

    /// atan(1/x) = Σ (−1)ᵏ / ((2k+1)·x^(2k+1)), as `width` words after a leading integer word. The loops run over
    /// raw buffers: this runs once per process, in debug builds too.
    private static func arctangentOfReciprocal(_ x: UInt32, width: Int) -> [UInt32] {
        var sum = [UInt32](repeating: 0, count: width + 1)
        var power = sum
        var term = sum
        power[0] = 1
        sum.withUnsafeMutableBufferPointer { sum in
            power.withUnsafeMutableBufferPointer { power in
                term.withUnsafeMutableBufferPointer { term in
                    divide(power, by: x, into: power, from: 0)
                    var first = 0  // the leading words of `power` that are already zero
                    var k: UInt32 = 0
                    while true {
                        while first <= width && power[first] == 0 { first += 1 }
                        if first > width { break }
                        divide(power, by: 2 * k + 1, into: term, from: first)
                        if k % 2 == 0 {
                            add(term, to: sum, from: first)
                        } else {
                            subtract(term, from: sum, from: first)
                        }
                        divide(power, by: x * x, into: power, from: first)
                        k += 1
                    }
                }
            }
        }
        return sum
    }

    /// `quotient = value / divisor` from word `start` on (the words before it are zero in `value`).
    private static func divide(
        _ value: UnsafeMutableBufferPointer<UInt32>, by divisor: UInt32,
        into quotient: UnsafeMutableBufferPointer<UInt32>,
        from start: Int
    ) {
        var remainder: UInt64 = 0
        let wide = UInt64(divisor)
        for index in start..<value.count {
            let current = remainder << 32 | UInt64(value[index])
            quotient[index] = UInt32(truncatingIfNeeded: current / wide)
            remainder = current % wide
        }
    }

    /// `sum += term`, where `term`'s words before `start` are zero.
    private static func add(
        _ term: UnsafeMutableBufferPointer<UInt32>, to sum: UnsafeMutableBufferPointer<UInt32>, from start: Int
    ) {
        var carry: UInt64 = 0
        var index = sum.count - 1
        while index >= start || (carry != 0 && index >= 0) {
            let current = UInt64(sum[index]) + UInt64(index >= start ? term[index] : 0) + carry
            sum[index] = UInt32(truncatingIfNeeded: current)
            carry = current >> 32
            index -= 1
        }
    }

    /// `value -= term` (`value` ≥ `term`), where `term`'s words before `start` are zero.
    private static func subtract(
        _ term: UnsafeMutableBufferPointer<UInt32>, from value: UnsafeMutableBufferPointer<UInt32>, from start: Int
    ) {
        var borrow: UInt32 = 0
        var index = value.count - 1
        while index >= start || (borrow != 0 && index >= 0) {
            let subtrahend = UInt64(index >= start ? term[index] : 0) + UInt64(borrow)
            let current = UInt64(value[index])
            borrow = current < subtrahend ? 1 : 0
            value[index] = UInt32(truncatingIfNeeded: current &+ (UInt64(borrow) << 32) &- subtrahend)
            index -= 1
        }
    }

    /// `value × factor`.
    private static func multiply(_ value: [UInt32], by factor: UInt32) -> [UInt32] {
        var result = value
        var carry: UInt64 = 0
        for index in result.indices.reversed() {
            let current = UInt64(result[index]) * UInt64(factor) + carry
            result[index] = UInt32(truncatingIfNeeded: current)
            carry = current >> 32
        }
        return result
    }

    /// `value -= term` (`value` ≥ `term`).
    private static func subtract(_ term: [UInt32], from value: inout [UInt32]) {
        var term = term
        term.withUnsafeMutableBufferPointer { term in
            value.withUnsafeMutableBufferPointer { subtract(term, from: $0, from: 0) }
        }
    }
}
