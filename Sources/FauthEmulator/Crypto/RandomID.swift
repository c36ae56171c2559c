import Foundation
import Glibc

/// Random identifiers in the formats Firebase's emulator uses.
enum RandomID {
    private static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// `count` random characters from `[A-Za-z0-9]` (a localId is 28 of them).
    static func alphanumeric(count: Int) -> String { randomString(count: count, from: alphanumerics) }

    /// `prefix` followed by `count` random characters from `[A-Za-z0-9]`, made as one string.
    static func alphanumeric(count: Int, after prefix: StaticString) -> String {
        randomString(count: count, from: alphanumerics, after: prefix)
    }

    /// `count` random decimal digits (SMS codes).
    static func digits(count: Int) -> String { randomString(count: count, from: Array("0123456789".utf8)) }

    /// `prefix`, then `count` characters drawn uniformly from `alphabet` (at most 256 ASCII characters): each random
    /// byte below the largest multiple of the alphabet's size picks one. The bytes come from `pool`.
    private static func randomString(count: Int, from alphabet: [UInt8], after prefix: StaticString = "") -> String {
        let limit = 256 / alphabet.count * alphabet.count
        let wanted = count + count / 4 + 8  // ~3% of bytes fall past the limit for 62 letters; a quarter more is ample
        let prefixCount = prefix.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: prefixCount + count) { whole in
            whole.baseAddress!.initialize(from: prefix.utf8Start, count: prefixCount)
            let output = UnsafeMutableBufferPointer(rebasing: whole[prefixCount...])
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: wanted) { random in
                var written = 0
                while written < count {
                    pool.fill(UnsafeMutableRawBufferPointer(random))
                    for byte in random where written < count && Int(byte) < limit {
                        output[written] = alphabet[Int(byte) % alphabet.count]
                        written += 1
                    }
                }
            }
            return prefixCount + count
        }
    }

    /// Random bytes from the system generator, drawn 4 KiB at a time: glibc's arc4random_buf is one getrandom system
    /// call per call, which one call per identifier (a salt per imported account) made a visible share of an import.
    private static let pool = RandomBytePool()
}

/// A buffer of bytes from the system generator, each handed out once; safe to use from any thread.
private final class RandomBytePool: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`, with `used`.
    private let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)
    private var used = 4096

    /// Fills `output` with bytes not handed out before, drawing more from the system generator when they run out.
    func fill(_ output: UnsafeMutableRawBufferPointer) {
        lock.lock()
        defer { lock.unlock() }
        var filled = 0
        while filled < output.count {
            if used == bytes.count {
                arc4random_buf(bytes.baseAddress!, bytes.count)
                used = 0
            }
            let take = min(output.count - filled, bytes.count - used)
            output.baseAddress!.advanced(by: filled).copyMemory(
                from: bytes.baseAddress!.advanced(by: used), byteCount: take)
            // A byte handed out is not kept.
            bytes.baseAddress!.advanced(by: used).initializeMemory(as: UInt8.self, repeating: 0, count: take)
            used += take
            filled += take
        }
    }

    deinit {
        bytes.deallocate()
    }
}
