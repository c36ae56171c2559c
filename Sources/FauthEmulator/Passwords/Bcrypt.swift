/// bcrypt password hashes (`$2a$`, `$2b$`, `$2y$`, cost, 22 characters of salt, 31 of hash), checked with the
/// `Blowfish` setup: libcrypto has no bcrypt.
struct Bcrypt: Equatable {
    /// The costs accepted: 2^cost key expansions run on every check, so a larger one would let an import hold the
    /// emulator for minutes.
    static let costs = 4...12

    let version: String
    let cost: Int
    let salt: [UInt8]
    let digest: [UInt8]

    /// bcrypt's base64 alphabet (not RFC 4648's).
    private static let alphabet = Array("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// Parses a hash string; nil when it is not a bcrypt hash with a cost in `costs`.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 60, bytes[0] == UInt8(ascii: "$"), bytes[1] == UInt8(ascii: "2"),
            [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "y")].contains(bytes[2]),
            bytes[3] == UInt8(ascii: "$"), bytes[6] == UInt8(ascii: "$"),
            let cost = Int(String(decoding: bytes[4..<6], as: UTF8.self)), Self.costs.contains(cost),
            let salt = Self.decode(bytes[7..<29], count: 16), let digest = Self.decode(bytes[29...], count: 23)
        else { return nil }
        version = String(decoding: bytes[1..<3], as: UTF8.self)
        self.cost = cost
        self.salt = salt
        self.digest = digest
    }

    /// True when `password` hashes to this digest with this salt and cost.
    func matches(_ password: String) -> Bool {
        ConstantTime.equal(Self.hash(password: password, salt: salt, cost: cost), digest)
    }

    /// The 23 bytes bcrypt keeps: "OrpheanBeholderScryDoubt" encrypted 64 times under the expensive setup, with the
    /// password and a final NUL as key (at most 72 bytes).
    static func hash(password: String, salt: [UInt8], cost: Int) -> [UInt8] {
        let key = Array((Array(password.utf8) + [0]).prefix(72))
        let state = Blowfish.expensiveSetup(cost: cost, salt: salt, key: key)
        let magic = Array("OrpheanBeholderScryDoubt".utf8)
        var words = stride(from: 0, to: magic.count, by: 4).map { index in
            magic[index..<index + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        for _ in 0..<64 {
            for block in stride(from: 0, to: words.count, by: 2) {
                var (left, right) = (words[block], words[block + 1])
                state.encrypt(&left, &right)
                (words[block], words[block + 1]) = (left, right)
            }
        }
        let bytes = words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
        return Array(bytes.prefix(23))
    }

    /// `count` bytes from bcrypt base64 (no padding); nil on a character outside the alphabet.
    private static func decode(_ text: ArraySlice<UInt8>, count: Int) -> [UInt8]? {
        var bits: UInt32 = 0
        var held = 0
        var out: [UInt8] = []
        for character in text {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            bits = bits << 6 | UInt32(value)
            held += 6
            if held >= 8 {
                held -= 8
                out.append(UInt8(truncatingIfNeeded: bits >> UInt32(held)))
                bits &= (1 << UInt32(held)) - 1
            }
        }
        return out.count >= count ? Array(out.prefix(count)) : nil
    }
}
