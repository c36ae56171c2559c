/// SHA-1 (FIPS 180-4), for HMAC-SHA1 in TOTP; not for anything that needs collision resistance.
package struct SHA1: Sendable {
    /// The digest length in bytes.
    package static let digestLength = 20
    /// The block length in bytes.
    package static let blockLength = 64

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
    )
    private var buffer: [UInt8] = []
    private var totalLength: UInt64 = 0

    /// Starts an empty hash.
    package init() {
        buffer.reserveCapacity(SHA1.blockLength)
    }

    /// The digest of `bytes` in one call.
    package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA1()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Feeds more bytes into the hash.
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            buffer.append(byte)
            totalLength &+= 1
            if buffer.count == SHA1.blockLength {
                compress(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Pads, finishes and returns the 20-byte digest.
    package consuming func finalize() -> [UInt8] {
        let bitLength = totalLength &* 8
        buffer.append(0x80)
        if buffer.count > SHA1.blockLength - 8 {
            buffer.append(contentsOf: repeatElement(0, count: SHA1.blockLength - buffer.count))
            compress(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
        buffer.append(contentsOf: repeatElement(0, count: SHA1.blockLength - 8 - buffer.count))
        for shift in stride(from: 56, through: 0, by: -8) {
            buffer.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        compress(buffer)
        var digest: [UInt8] = []
        digest.reserveCapacity(SHA1.digestLength)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            digest.append(contentsOf: [
                UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
            ])
        }
        return digest
    }

    private mutating func compress(_ block: [UInt8]) {
        var schedule = [UInt32](repeating: 0, count: 80)
        for index in 0..<16 {
            let offset = index * 4
            schedule[index] =
                UInt32(block[offset]) << 24 | UInt32(block[offset + 1]) << 16
                | UInt32(block[offset + 2]) << 8 | UInt32(block[offset + 3])
        }
        for index in 16..<80 {
            schedule[index] = rotateLeft(
                schedule[index - 3] ^ schedule[index - 8] ^ schedule[index - 14] ^ schedule[index - 16], by: 1)
        }
        var (a, b, c, d, e) = state
        for index in 0..<80 {
            let mix: UInt32
            let constant: UInt32
            switch index {
            case 0..<20:
                mix = (b & c) | (~b & d)
                constant = 0x5A82_7999
            case 20..<40:
                mix = b ^ c ^ d
                constant = 0x6ED9_EBA1
            case 40..<60:
                mix = (b & c) | (b & d) | (c & d)
                constant = 0x8F1B_BCDC
            default:
                mix = b ^ c ^ d
                constant = 0xCA62_C1D6
            }
            let temp = rotateLeft(a, by: 5) &+ mix &+ e &+ constant &+ schedule[index]
            e = d
            d = c
            c = rotateLeft(b, by: 30)
            b = a
            a = temp
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }

    private func rotateLeft(_ value: UInt32, by count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
