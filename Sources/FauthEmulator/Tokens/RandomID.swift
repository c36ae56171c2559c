/// Random identifiers in the formats Firebase's emulator uses.
enum RandomID {
    private static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// `count` random characters from `[A-Za-z0-9]` (a localId is 28 of them).
    static func alphanumeric(count: Int) -> String { randomString(count: count, from: alphanumerics) }

    /// `count` random decimal digits (SMS codes).
    static func digits(count: Int) -> String { randomString(count: count, from: Array("0123456789".utf8)) }

    /// `count` characters drawn uniformly from `alphabet` (at most 256 ASCII characters): each random byte below the
    /// largest multiple of the alphabet's size picks one, so eight characters cost one call to the system generator.
    private static func randomString(count: Int, from alphabet: [UInt8]) -> String {
        var generator = SystemRandomNumberGenerator()
        let limit = 256 / alphabet.count * alphabet.count
        return String(unsafeUninitializedCapacity: count) { output in
            var written = 0
            while written < count {
                var random = generator.next()
                for _ in 0..<8 where written < count {
                    let byte = Int(random & 0xFF)
                    random >>= 8
                    if byte < limit {
                        output[written] = alphabet[byte % alphabet.count]
                        written += 1
                    }
                }
            }
            return count
        }
    }
}
