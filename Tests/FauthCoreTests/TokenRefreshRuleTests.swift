import Foundation
import Testing

@testable import FauthCore

/// The refresh rule and its stamp part: what keeps concurrent `fauth token` calls to one refresh.
@Suite struct TokenRefreshRuleTests {
    private let now = UnixTime(seconds: 1_700_000_000)

    private func session(expiringIn seconds: Double) -> Session {
        var session = sampleSession()
        session.expiresAt = now.adding(seconds: seconds)
        return session
    }

    /// Two stamps of the same path: before and after another write.
    private func twoStamps() throws -> (first: SessionFileStamp, second: SessionFileStamp) {
        let folder = TemporaryFolder()
        let store = SessionStore(path: folder.file("s.json"))
        try store.withLock { try $0.write(sampleSession()) }
        let first = try #require(try store.loadStamped()).stamp
        try store.withLock { try $0.write(sampleSession()) }
        let second = try #require(try store.loadStamped()).stamp
        return (first, second)
    }

    @Test func fiveMinutesOrLessIsExpiring() {
        let rule = TokenRefreshRule(now: now)
        #expect(rule.isExpiring(session(expiringIn: 300)))
        #expect(rule.isExpiring(session(expiringIn: -1)))
        #expect(!rule.isExpiring(session(expiringIn: 301)))
    }

    @Test func anUnchangedFileIsRefreshedWhenExpiringOrForced() throws {
        let (stamp, _) = try twoStamps()
        let rule = TokenRefreshRule(now: now)
        #expect(
            rule.needsRefresh(locked: session(expiringIn: 200), lockedStamp: stamp, unlockedStamp: stamp, forced: false)
        )
        #expect(
            !rule.needsRefresh(
                locked: session(expiringIn: 3000), lockedStamp: stamp, unlockedStamp: stamp, forced: false))
        #expect(
            rule.needsRefresh(locked: session(expiringIn: 3000), lockedStamp: stamp, unlockedStamp: stamp, forced: true)
        )
    }

    @Test func aFileRewrittenWhileWaitingIsUsedUnlessExpired() throws {
        let (before, after) = try twoStamps()
        #expect(before != after)
        let rule = TokenRefreshRule(now: now)
        #expect(
            !rule.needsRefresh(
                locked: session(expiringIn: 200), lockedStamp: after, unlockedStamp: before, forced: false))
        #expect(
            !rule.needsRefresh(
                locked: session(expiringIn: 200), lockedStamp: after, unlockedStamp: before, forced: true))
        #expect(
            rule.needsRefresh(locked: session(expiringIn: 0), lockedStamp: after, unlockedStamp: before, forced: false))
    }
}
