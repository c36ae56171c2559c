import FauthCrypto
import Foundation
import Testing

/// Hex text of bytes, for comparing with published test vectors.
func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

/// Bytes from hex text.
func bytes(hex text: String) -> [UInt8] {
    var out: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        out.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return out
}

/// Digests, HMAC, PBKDF2, scrypt and AES-256-CTR through libcrypto, against published test vectors.
struct DigestAndDerivationTests {
    /// FIPS 180 and RFC 1321's "abc" examples.
    @Test func digestsOfAbc() throws {
        let abc = Array("abc".utf8)
        #expect(try hex(DigestAlgorithm.md5.hash(abc)) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(try hex(DigestAlgorithm.sha1.hash(abc)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            try hex(DigestAlgorithm.sha256.hash(abc))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            try hex(DigestAlgorithm.sha512.hash(abc))
                == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
        #expect(DigestAlgorithm.allCases.map(\.length) == [16, 20, 32, 64])
        #expect(
            try hex(DigestAlgorithm.sha256.hash([]))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// RFC 4231 test case 2 (SHA-256, SHA-512) and RFC 2202 test case 2 (SHA-1, MD5): key "Jefe".
    @Test func hmacVectors() throws {
        let key = Array("Jefe".utf8)
        let data = Array("what do ya want for nothing?".utf8)
        #expect(
            try hex(DigestAlgorithm.sha256.hmac(key: key, data: data))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            try hex(DigestAlgorithm.sha512.hmac(key: key, data: data))
                == "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737")
        #expect(try hex(DigestAlgorithm.sha1.hmac(key: key, data: data)) == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
        #expect(try hex(DigestAlgorithm.md5.hmac(key: key, data: data)) == "750c783e6ab0b503eaa86e310a5db738")
        // RFC 4231 test case 1: a 20-byte key of 0x0b over "Hi There".
        #expect(
            try hex(
                DigestAlgorithm.sha256.hmac(key: [UInt8](repeating: 0x0b, count: 20), data: Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(try DigestAlgorithm.sha256.hmac(key: [], data: []).count == 32)
    }

    /// RFC 6070 (PBKDF2-HMAC-SHA1) and RFC 7914 section 11 (PBKDF2-HMAC-SHA256).
    @Test func pbkdf2Vectors() throws {
        let password = Array("password".utf8)
        let salt = Array("salt".utf8)
        #expect(
            try hex(KeyDerivation.pbkdf2(password: password, salt: salt, iterations: 1, digest: .sha1, length: 20))
                == "0c60c80f961f0e71f3a9b524af6012062fe037a6")
        #expect(
            try hex(KeyDerivation.pbkdf2(password: password, salt: salt, iterations: 4096, digest: .sha1, length: 20))
                == "4b007901b765489abead49d926f721d065a429c1")
        #expect(
            try hex(
                KeyDerivation.pbkdf2(
                    password: Array("passwd".utf8), salt: salt, iterations: 1, digest: .sha256, length: 64))
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
        #expect(throws: CryptoError.self) {
            try KeyDerivation.pbkdf2(password: password, salt: salt, iterations: 0, digest: .sha1, length: 20)
        }
    }

    /// RFC 7914 section 12's first two scrypt vectors; a cost that is not a power of two is refused.
    @Test func scryptVectors() throws {
        #expect(
            try hex(KeyDerivation.scrypt(password: [], salt: [], n: 16, r: 1, p: 1, length: 64))
                == "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
                + "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906")
        #expect(
            try hex(
                KeyDerivation.scrypt(
                    password: Array("password".utf8), salt: Array("NaCl".utf8), n: 1024, r: 8, p: 16, length: 64))
                == "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
                + "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640")
        #expect(throws: CryptoError.self) {
            try KeyDerivation.scrypt(password: [], salt: [], n: 15, r: 1, p: 1, length: 64)
        }
    }

    /// NIST SP 800-38A F.5.5 (CTR-AES256.Encrypt), first two blocks; applying it twice gives the plaintext back.
    @Test func aes256CTRVector() throws {
        let key = bytes(hex: "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
        let iv = bytes(hex: "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
        let plaintext = bytes(hex: "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51")
        let ciphertext = try AES256CTR.apply(key: key, iv: iv, to: plaintext)
        #expect(hex(ciphertext) == "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5")
        #expect(try AES256CTR.apply(key: key, iv: iv, to: ciphertext) == plaintext)
        #expect(throws: CryptoError.self) { try AES256CTR.apply(key: Array(key.prefix(16)), iv: iv, to: plaintext) }
    }

    /// Random bytes come in the number asked, and differ between calls.
    @Test func randomBytes() throws {
        let first = try Libcrypto.randomBytes(32)
        let second = try Libcrypto.randomBytes(32)
        #expect(first.count == 32 && second.count == 32 && first != second)
        #expect(Libcrypto.version.hasPrefix("OpenSSL 3"))
    }
}
