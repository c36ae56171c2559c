import Foundation
import Testing

@testable import FauthCore

@Suite struct UnixTimeTests {
    @Test func nowIsTheWallClock() {
        let before = Date().timeIntervalSince1970
        let now = UnixTime.now().seconds
        let after = Date().timeIntervalSince1970
        #expect(now >= before.rounded(.down) && now <= after.rounded(.up), "\(before) \(now) \(after)")
    }

    @Test func arithmeticAndOrder() {
        let start = UnixTime(seconds: 1_700_000_000)
        #expect(start.adding(seconds: 600).seconds == 1_700_000_600)
        #expect(start.adding(seconds: -0.5).seconds(since: start) == -0.5)
        #expect(start < start.adding(seconds: 0.001))
        #expect(!(start < start))
        #expect(UnixTime(seconds: -1) < UnixTime(seconds: 0))
    }
}
