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
}
