import Foundation
import Testing

@testable import FauthJSON

/// The JWT payload reader the client and the emulator share.
@Suite struct JWTPayloadTests {
    private func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    @Test func readsThePayloadOfAThreePartToken() {
        let token = base64URL(#"{"alg":"none"}"#) + "." + base64URL(#"{"sub":"ü?>","n":1}"#) + "."
        #expect(JWTPayload.decode(token) == ["sub": "ü?>", "n": 1])
        #expect(JWTPayload.decode(token + "signature")?["n"] == 1)
    }

    @Test(arguments: [
        "", "abc", "a.b", "e30.e30", "e30.e30.x.y", "W10.e30.", "e30.W10.", "e30.bm90IGpzb24.", "e30.e3.", "e30.e30=x.",
        "e3*.e30.", "e30.e30===.",
    ])
    func anythingElseIsNotAJWT(token: String) {
        #expect(JWTPayload.decode(token) == nil)
    }

    @Test func paddingAndTheStandardAlphabetAreAccepted() {
        #expect(JWTPayload.decode("e30=.e30=.") == [:])
        #expect(JWTPayload.decode("e30.eyJhIjoiPz8_In0.")?["a"] == "???")
        #expect(JWTPayload.decode("e30.eyJhIjoiPz8/In0.")?["a"] == "???")
    }

    @Test(arguments: 0..<64)
    func base64URLDecodingMatchesFoundation(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ length) }
        let encoded = Data(bytes).base64EncodedString()
        #expect(JWTPayload.base64URLDecode(Array(encoded.utf8)) == bytes)
        let unpadded = encoded.replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        #expect(JWTPayload.base64URLDecode(Array(unpadded.utf8)) == bytes)
    }

    /// A plain bit-accumulating decoder with the same rules, to check the table-driven one against: at most two `=`,
    /// only at the end, completing a group of four when present; never one digit alone in the last group.
    private func referenceDecode(_ text: [UInt8]) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        let digits = text.prefix { $0 != UInt8(ascii: "=") }
        let padding = text.count - digits.count
        guard text.dropFirst(digits.count).allSatisfy({ $0 == UInt8(ascii: "=") }), padding <= 2,
            padding == 0 || text.count % 4 == 0, digits.count % 4 != 1
        else { return nil }
        var bits = 0
        var accumulator = 0
        var bytes: [UInt8] = []
        for digit in digits {
            let value: Int
            switch digit {
            case UInt8(ascii: "-"), UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "_"), UInt8(ascii: "/"): value = 63
            default:
                guard let index = alphabet.firstIndex(of: digit) else { return nil }
                value = index
            }
            accumulator = (accumulator << 6 | value) & 0xFFFF
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> bits))
            }
        }
        return bytes
    }

    @Test(arguments: 0..<12)
    func everyLengthModuloFourDecodesOrIsRefused(length: Int) {
        let text = Array("QUJDREVGR0hJSktM".utf8.prefix(length))
        #expect(JWTPayload.base64URLDecode(text) == referenceDecode(text))
        #expect((JWTPayload.base64URLDecode(text) == nil) == (length % 4 == 1))
        #expect(
            JWTPayload.base64URLDecode(text)?.count == (length % 4 == 1 ? nil : length / 4 * 3 + max(length % 4 - 1, 0))
        )
    }

    @Test func paddingMustCompleteTheLastGroupAndEndTheText() {
        for valid in ["QQ==", "QUI=", "QUJD", "QQ", "QUI", ""] {
            #expect(JWTPayload.base64URLDecode(Array(valid.utf8)) != nil, "\(valid)")
        }
        for invalid in ["QQ=", "QQ===", "Q===", "QUI==", "=", "==", "QQ==QQ==", "Q=Q=", "=QQQ", "QUJD="] {
            #expect(JWTPayload.base64URLDecode(Array(invalid.utf8)) == nil, "\(invalid)")
        }
    }

    @Test func aCharacterOutsideBothAlphabetsIsRefusedWherever() {
        let valid = Array("QUJDREVGR0g".utf8)
        for position in valid.indices {
            for bad in [UInt8(ascii: "*"), UInt8(ascii: " "), UInt8(ascii: "."), 0x00, 0x80, 0xFF] {
                var text = valid
                text[position] = bad
                #expect(JWTPayload.base64URLDecode(text) == nil)
            }
        }
    }

    @Test func theTableDecoderAgreesWithAPlainOneOnMixedInput() {
        var generator = SystemRandomNumberGenerator()
        let pieces = Array("AZaz09-_+/=*".utf8)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...13, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            #expect(
                JWTPayload.base64URLDecode(text) == referenceDecode(text), "\(String(decoding: text, as: UTF8.self))")
            // A collection without contiguous storage takes the copying path, with the same answer.
            #expect(JWTPayload.base64URLDecode(text.lazy.map { $0 }) == referenceDecode(text))
        }
    }

    @Test func aTokenNeedsExactlyThreeParts() {
        let part = base64URL(#"{"a":1}"#)
        #expect(JWTPayload.decode(part + "." + part + ".sig") == ["a": 1])
        #expect(JWTPayload.decode(part + "." + part) == nil)
        #expect(JWTPayload.decode(part + "." + part + ".sig.") == nil)
        #expect(JWTPayload.decode("." + part + ".") == nil)
        #expect(JWTPayload.decode(part + ".." + part) == nil)
        // A token held in a bridged or sliced string decodes the same.
        #expect(JWTPayload.decode(String((part + "." + part + ".x").dropFirst(0))) == ["a": 1])
    }

    /// The word-at-a-time search for a token's dots finds what a byte-by-byte search finds, wherever the byte is.
    @Test func theWordSearchFindsEveryByteWhereAPlainSearchDoes() {
        for length in 0..<40 {
            for position in -1..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                if position >= 0 { bytes[position] = UInt8(ascii: ".") }
                bytes.withUnsafeBufferPointer { buffer in
                    for start in 0...length {
                        let plain = buffer[start...].firstIndex(of: UInt8(ascii: "."))
                        #expect(
                            ByteScan.firstIndex(of: UInt8(ascii: "."), in: buffer, from: start) == plain,
                            "\(length) \(position) \(start)")
                    }
                }
            }
        }
    }
}
