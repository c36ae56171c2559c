import FauthTestSupport
import Foundation
import Testing

@testable import FauthEmulator

@Suite("token text: base64 and ISO 8601 written without Foundation's formatters, to the same text")
struct TokenEncodingTests {
    @Test(arguments: 0..<40)
    func base64MatchesFoundation(length: Int) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let standard = Data(bytes).base64EncodedString()
            #expect(Base64.encode(bytes) == standard)
            #expect(
                Base64.encodeURL(bytes)
                    == standard.replacingOccurrences(of: "=", with: "")
                    .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
    }

    @Test func iso8601IsUTCWithExactMilliseconds() {
        #expect(Timestamp.iso8601(millis: 0) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.iso8601(millis: 1_767_323_045_678) == "2026-01-02T03:04:05.678Z")
        #expect(Timestamp.iso8601(millis: 951_782_400_001) == "2000-02-29T00:00:00.001Z")
        #expect(Timestamp.iso8601(millis: 4_102_444_799_999) == "2099-12-31T23:59:59.999Z")
        #expect(Timestamp.iso8601(millis: -1) == "1969-12-31T23:59:59.999Z")
        // Whole seconds as Foundation's formatter writes them, then the milliseconds.
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let millis = Int.random(in: 0...4_102_444_800_000, using: &generator)
            let seconds = formatter.string(from: Date(timeIntervalSince1970: Double(millis / 1000)))
            let fraction = String(millis % 1000 + 1000).dropFirst()
            #expect(Timestamp.iso8601(millis: millis) == seconds.dropLast() + "." + fraction + "Z")
        }
    }

    @Test func randomIDsHaveTheirLengthAndAlphabetAndUseAllOfIt() {
        let ids = (0..<400).map { _ in RandomID.alphanumeric(count: 28) }
        #expect(ids.allSatisfy { $0.utf8.count == 28 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids.joined()).count == 62)
        let codes = (0..<200).map { _ in RandomID.digits(count: 6) }
        #expect(codes.allSatisfy { $0.count == 6 && $0.allSatisfy { ("0"..."9").contains($0) } })
        #expect(Set(codes.joined()).count == 10)
        #expect(RandomID.alphanumeric(count: 0).isEmpty && RandomID.alphanumeric(count: 119).count == 119)
    }

    @Test func saltsAndIDsLongerThanTheRandomPoolAreWholeAndDistinctOnManyThreads() {
        let salts = (0..<50).map { _ in UserRecord.newSalt() }
        #expect(salts.allSatisfy { $0.hasPrefix("fakeSalt") && $0.utf8.count == 28 })
        #expect(salts.allSatisfy { $0.dropFirst(8).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        #expect(Set(salts).count == salts.count)
        // Longer than the 4 KiB pool: drawn over several refills.
        let long = RandomID.alphanumeric(count: 10_000)
        #expect(long.utf8.count == 10_000 && Set(long).count == 62)
        let drawn = Recorder<String>()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 { drawn.append(RandomID.alphanumeric(count: 28)) }
        }
        #expect(
            drawn.values.count == 4000 && Set(drawn.values).count == 4000
                && drawn.values.allSatisfy { $0.utf8.count == 28 })
    }
}
