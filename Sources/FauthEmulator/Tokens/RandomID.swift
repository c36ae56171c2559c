import Glibc

/// Random identifiers in the formats Firebase's emulator uses.
enum RandomID {
    private static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// `count` random characters from `[A-Za-z0-9]` (a localId is 28 of them).
    static func alphanumeric(count: Int) -> String { randomString(count: count, from: alphanumerics) }

    /// `count` random decimal digits (SMS codes).
    static func digits(count: Int) -> String { randomString(count: count, from: Array("0123456789".utf8)) }

    /// `count` characters drawn uniformly from `alphabet` (at most 256 ASCII characters): each random byte below the
    /// largest multiple of the alphabet's size picks one. The bytes come from the system generator in one call for
    /// the whole string (plus one more in the rare case that too many bytes fell past the limit).
    private static func randomString(count: Int, from alphabet: [UInt8]) -> String {
        let limit = 256 / alphabet.count * alphabet.count
        let wanted = count + count / 4 + 8  // ~3% of bytes fall past the limit for 62 letters; a quarter more is ample
        return String(unsafeUninitializedCapacity: count) { output in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: wanted) { random in
                var written = 0
                while written < count {
                    arc4random_buf(random.baseAddress!, wanted)
                    for byte in random where written < count && Int(byte) < limit {
                        output[written] = alphabet[Int(byte) % alphabet.count]
                        written += 1
                    }
                }
            }
            return count
        }
    }
}
