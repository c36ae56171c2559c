/// Blowfish's key schedule state (Schneier, 1993) with the expensive setup bcrypt adds (Provos and Mazières, 1999):
/// 18 subkeys and four S-boxes, first the digits of π, then mixed with the key and salt.
struct Blowfish {
    /// π's fraction, the subkeys then the S-boxes, computed once per process.
    private static let initialWords = PiHexDigits.fractionWords(18 + 4 * 256)

    private var subkeys: [UInt32]
    private var boxes: [UInt32]

    /// The state before any key: π's digits.
    init() {
        subkeys = Array(Self.initialWords[0..<18])
        boxes = Array(Self.initialWords[18...])
    }

    private func mix(_ x: UInt32) -> UInt32 {
        let a = boxes[Int(x >> 24)]
        let b = boxes[256 + Int((x >> 16) & 0xFF)]
        let c = boxes[512 + Int((x >> 8) & 0xFF)]
        let d = boxes[768 + Int(x & 0xFF)]
        return ((a &+ b) ^ c) &+ d
    }

    /// Encrypts one 64-bit block, its two halves in place.
    func encrypt(_ left: inout UInt32, _ right: inout UInt32) {
        var l = left
        var r = right
        for round in 0..<16 {
            l ^= subkeys[round]
            r ^= mix(l)
            swap(&l, &r)
        }
        swap(&l, &r)
        r ^= subkeys[16]
        l ^= subkeys[17]
        left = l
        right = r
    }

    /// The next 32 bits of `bytes` read as a cycle, big-endian, from `position` (which moves on).
    private static func word(_ bytes: [UInt8], _ position: inout Int) -> UInt32 {
        var word: UInt32 = 0
        for _ in 0..<4 {
            word = word << 8 | UInt32(bytes[position])
            position = (position + 1) % bytes.count
        }
        return word
    }

    /// The key expansion: the subkeys XORed with the key, then every subkey and S-box entry replaced by encrypting
    /// the running block, XORed first with the salt's words when there is a salt.
    mutating func expand(key: [UInt8], salt: [UInt8]?) {
        var keyPosition = 0
        for index in 0..<18 { subkeys[index] ^= Self.word(key, &keyPosition) }
        var saltPosition = 0
        var left: UInt32 = 0
        var right: UInt32 = 0
        func next() {
            if let salt {
                left ^= Self.word(salt, &saltPosition)
                right ^= Self.word(salt, &saltPosition)
            }
            encrypt(&left, &right)
        }
        for index in stride(from: 0, to: 18, by: 2) {
            next()
            subkeys[index] = left
            subkeys[index + 1] = right
        }
        for index in stride(from: 0, to: boxes.count, by: 2) {
            next()
            boxes[index] = left
            boxes[index + 1] = right
        }
    }

    /// bcrypt's EksBlowfishSetup: the salted expansion, then 2^cost rounds of expanding with the key and the salt.
    static func expensiveSetup(cost: Int, salt: [UInt8], key: [UInt8]) -> Blowfish {
        var state = Blowfish()
        state.expand(key: key, salt: salt)
        for _ in 0..<(1 << cost) {
            state.expand(key: key, salt: nil)
            state.expand(key: salt, salt: nil)
        }
        return state
    }
}
