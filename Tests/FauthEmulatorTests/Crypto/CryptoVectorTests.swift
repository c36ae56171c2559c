import Testing

@testable import FauthEmulator

/// Published test vectors for the emulator's SHA-1, HMAC-SHA1, HOTP/TOTP and Base32.
@Suite struct CryptoVectorTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(
        "FIPS 180 SHA-1 vectors",
        arguments: [
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ])
    func sha1(message: String, digest: String) {
        #expect(hex(SHA1.hash(bytes(message))) == digest)
    }

    @Test("SHA-1 of a million 'a', fed in uneven chunks")
    func sha1MillionA() {
        var hasher = SHA1()
        var remaining = 1_000_000
        var chunk = 1
        while remaining > 0 {
            let size = min(chunk, remaining)
            hasher.update(repeatElement(UInt8(ascii: "a"), count: size))
            remaining -= size
            chunk = chunk % 997 + 13
        }
        #expect(hex(hasher.finalize()) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test(
        "RFC 2202 HMAC-SHA1 vectors",
        arguments: [
            ([UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8), "b617318655057264e28bc0b6fb378c8ef146be00"),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"
            ),
            (
                [UInt8](repeating: 0xAA, count: 20), [UInt8](repeating: 0xDD, count: 50),
                "125d7342b9ac11cd91a39af48aa17b4f63f175d3"
            ),
            (Array(1...25), [UInt8](repeating: 0xCD, count: 50), "4c9007f4026250c6bc8414f9bf50c86c2d7235da"),
            (
                [UInt8](repeating: 0x0C, count: 20), Array("Test With Truncation".utf8),
                "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"
            ),
            (
                [UInt8](repeating: 0xAA, count: 80),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "aa4ae5e15272d00e95705637ce8a3b55ed402112"
            ),
            (
                [UInt8](repeating: 0xAA, count: 80),
                Array("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data".utf8),
                "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"
            ),
        ])
    func hmac(key: [UInt8], message: [UInt8], mac: String) {
        #expect(hex(HMACSHA1.authenticationCode(for: message, key: key)) == mac)
    }

    @Test("RFC 4226 Appendix D HOTP values")
    func hotp() {
        let expected = [
            "755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489",
        ]
        let secret = bytes("12345678901234567890")
        let actual = (0..<10).map { TOTP.hotp(secret: secret, counter: UInt64($0)) }
        #expect(actual == expected)
    }

    @Test(
        "RFC 6238 Appendix B SHA1 TOTP values (8 digits)",
        arguments: [
            (Int64(59), "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
        ])
    func totp(time: Int64, code: String) {
        #expect(TOTP.code(secret: bytes("12345678901234567890"), at: time, digits: 8) == code)
    }

    @Test("TOTP verification accepts the current step and one either side, nothing further")
    func totpWindow() {
        let secret = bytes("12345678901234567890")
        let now: Int64 = 1_111_111_111
        for offset: Int64 in [-30, 0, 30] {
            let code = TOTP.code(secret: secret, at: now + offset)
            #expect(TOTP.verify(code, secret: secret, at: now))
        }
        for offset: Int64 in [-90, 90] {
            let code = TOTP.code(secret: secret, at: now + offset)
            #expect(!TOTP.verify(code, secret: secret, at: now))
        }
        #expect(!TOTP.verify("12345", secret: secret, at: now))
    }

    @Test(
        "RFC 4648 Base32 vectors",
        arguments: [
            ("", ""), ("f", "MY======"), ("fo", "MZXQ===="), ("foo", "MZXW6==="), ("foob", "MZXW6YQ="),
            ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI======"),
        ])
    func base32(plain: String, encoded: String) {
        #expect(Base32.encode(bytes(plain)) == encoded)
        #expect(Base32.decode(encoded) == bytes(plain))
        #expect(Base32.decode(String(encoded.lowercased().filter { $0 != "=" })) == bytes(plain))
    }

    @Test("Base32 rejects foreign characters and impossible lengths")
    func base32Invalid() {
        #expect(Base32.decode("MY1=====") == nil)
        #expect(Base32.decode("M") == nil)
        #expect(Base32.encode(bytes("foobar"), padded: false) == "MZXW6YTBOI")
    }
}
