import Foundation
import Testing

@testable import FauthCore

/// The stamp tells a rewritten session file from the one read before, even when the content is identical (a token
/// refreshed twice within one second can come back the same).
@Test func rewritingTheSameSessionChangesTheStamp() throws {
    let folder = TemporaryFolder()
    let store = SessionStore(path: folder.file("s.json"))
    try store.withLock { try $0.write(sampleSession()) }
    let first = try #require(try store.loadStamped())
    #expect(try store.loadStamped()?.stamp == first.stamp, "reading again gives the same stamp")
    try store.withLock { try $0.write(sampleSession()) }
    let second = try #require(try store.loadStamped())
    #expect(second.session == first.session)
    #expect(second.stamp != first.stamp)
    #expect(try store.withLock { try $0.readStamped()?.stamp } == second.stamp)
}
