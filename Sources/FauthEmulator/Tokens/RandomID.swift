/// Random identifiers in the formats Firebase's emulator uses.
enum RandomID {
    private static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// `count` random characters from `[A-Za-z0-9]` (a localId is 28 of them), uniformly: each 64-bit draw from the
    /// system's generator gives ten 6-bit numbers, those past the alphabet are dropped (one system call per ten
    /// characters, not per character: an import of 100k passwords salts each).
    static func alphanumeric(count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var characters: [UInt8] = []
        characters.reserveCapacity(count)
        var bits: UInt64 = 0
        var available = 0
        while characters.count < count {
            if available < 6 {
                bits = generator.next()
                available = 64
            }
            let draw = Int(bits & 63)
            bits >>= 6
            available -= 6
            if draw < alphanumerics.count { characters.append(alphanumerics[draw]) }
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// `count` random decimal digits (SMS codes).
    static func digits(count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }
}
