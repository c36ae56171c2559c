import FauthHTTPCodec
import Testing

/// The byte-wise decoders of query and form pairs and of header names give what the Character-wise versions they
/// replaced gave.
@Suite("form and field text decoding")
struct FormAndFieldTextTests {
    @Test func formPairsAreSplitAndDecoded() {
        let pairs = FormURLEncoding.decode("key=k&&flag&=v&a=b=c&sp=x+y%21&bad=%4&e%3D=1")
        #expect(pairs.map(\.name) == ["key", "flag", "", "a", "sp", "bad", "e="])
        #expect(pairs.map(\.value) == ["k", "", "v", "b=c", "x y!", "%4", "1"])
        #expect(FormURLEncoding.decode("").isEmpty && FormURLEncoding.decode("&&").isEmpty)
        #expect(
            FormURLEncoding.decode("n=caf%C3%A9&m=%FF").map(\.value) == ["café", "\u{FFFD}"],
            "invalid UTF-8 is repaired")
        #expect(FormURLEncoding.percentDecode("plain") == "plain" && FormURLEncoding.percentDecode("a+b") == "a b")
    }

    @Test func headerNamesCompareWithoutASCIICase() {
        #expect("Content-Length".equalsIgnoringASCIICase("content-length"))
        #expect(!"Content-Length".equalsIgnoringASCIICase("content-lengtx"))
        #expect(!"Host".equalsIgnoringASCIICase("Hos"))
        #expect("X".equalsIgnoringASCIICase("x") && "".equalsIgnoringASCIICase(""))
        #expect(!"É".equalsIgnoringASCIICase("é"), "only ASCII letters fold")
        #expect("Authorization: x".prefix(13).equalsIgnoringASCIICase("AUTHORIZATION"), "a Substring compares too")
        let long = String(repeating: "Ab", count: 40)
        #expect(
            long.equalsIgnoringASCIICase(long.lowercased()) && !long.equalsIgnoringASCIICase(long.lowercased() + "b"))
    }
}
