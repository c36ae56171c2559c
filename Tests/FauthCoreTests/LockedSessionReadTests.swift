import FauthTestSupport
import Foundation
import Testing

@testable import FauthCore

/// Under the lock, `withSession` takes the session the command read without the lock only while the file is still
/// that version; a file another process wrote, removed or exposed in between is read again and checked, and a folder
/// made unsafe in between is refused (docs/design/session.md, "How it is read"). Each test changes the file or its
/// folder between the two steps, as another process would.
@Suite struct LockedSessionReadTests {
    /// A signed-up session in `<temporary>/state/default.json`, and clients given a lock-free read of it.
    final class Harness {
        let transport = ScriptedTransport()
        let folder = TemporaryFolder()
        let account = FakeAccount()
        let store: SessionStore

        init() throws {
            mkdir(folder.file("state"), 0o700)
            store = SessionStore(path: folder.file("state/default.json"))
            account.scriptSignUp(on: transport)
            _ = try client(startingWith: nil).signUp(email: "locked@example.com", password: "secret123")
        }

        /// A client that starts with `unlocked` as the command's lock-free read of the session.
        func client(startingWith unlocked: StampedSession?) throws -> AuthClient {
            let configuration = try ConfigurationResolver.resolve(
                flags: ConfigurationInputs(emulatorHost: BackendProbe.emulatorHost), environment: [:], session: nil)
            return AuthClient(
                configuration: configuration, store: store, transport: transport,
                startingSession: unlocked)
        }

        /// The session as a command reads it at its start, without the lock.
        func unlockedRead() throws -> StampedSession {
            try #require(try store.loadStamped())
        }

        /// The session `withSession` runs its body on, for a client that read `unlocked` at its start.
        func lockedSession(startingWith unlocked: StampedSession) throws -> Session {
            try client(startingWith: unlocked).withSession { $0 }
        }
    }

    @Test func aSessionWrittenAfterTheUnlockedReadIsTheOneUsedUnderTheLock() throws {
        let harness = try Harness()
        let unlocked = try harness.unlockedRead()
        var written = unlocked.session
        written.user.displayName = "written in between"
        try harness.store.withLock { try $0.write(written) }
        #expect(try harness.lockedSession(startingWith: unlocked) == written)
    }

    @Test func anUnchangedFileIsNotParsedAgainUnderTheLock() throws {
        let harness = try Harness()
        let unlocked = try harness.unlockedRead()
        // The same file version, but a session the file does not hold: only a reuse of the read can yield it.
        var marked = unlocked.session
        marked.user.displayName = "from the unlocked read"
        #expect(
            try harness.lockedSession(startingWith: StampedSession(session: marked, stamp: unlocked.stamp)).user
                .displayName
                == marked.user.displayName)
    }

    @Test func aFileRemovedOrDamagedAfterTheUnlockedReadIsNotUsed() throws {
        let harness = try Harness()
        let unlocked = try harness.unlockedRead()
        let path = harness.store.path
        unlink(path)
        #expect(fauthError { _ = try harness.lockedSession(startingWith: unlocked) }?.code == .notSignedIn)

        try harness.store.withLock { try $0.write(unlocked.session) }
        let rewritten = try harness.unlockedRead()
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data("[".utf8))  // in place, as another program might: not by rename
        try handle.close()
        let damaged = fauthError { _ = try harness.lockedSession(startingWith: rewritten) }
        #expect(damaged?.code == .sessionStoreError)
        #expect(damaged?.message.contains("is not valid JSON") == true)
    }

    @Test func aFileOpenedToOthersAfterTheUnlockedReadIsRefused() throws {
        let harness = try Harness()
        let unlocked = try harness.unlockedRead()
        chmod(harness.store.path, 0o644)
        let error = fauthError { _ = try harness.lockedSession(startingWith: unlocked) }
        #expect(error?.code == .sessionStoreError)
        #expect(error?.message.hasSuffix("run: chmod 600 \(harness.store.path)") == true)
    }

    @Test func aFolderMadeGroupWritableAfterTheUnlockedReadIsRefused() throws {
        let harness = try Harness()
        let unlocked = try harness.unlockedRead()
        let before = harness.transport.requests.count
        chmod(harness.folder.file("state"), 0o770)
        let error = fauthError { _ = try harness.lockedSession(startingWith: unlocked) }
        #expect(error?.code == .sessionStoreError)
        #expect(error?.message.hasSuffix("run: chmod 700 \(harness.folder.file("state"))") == true)
        #expect(harness.transport.requests.count == before)
    }

    @Test func aFolderSwappedForALinkAfterTheUnlockedReadIsRefused() throws {
        let harness = try Harness()
        let unlocked = try harness.unlockedRead()
        // The link leads to the very file read: only the walk of the folders can tell.
        rename(harness.folder.file("state"), harness.folder.file("real"))
        symlink(harness.folder.file("real"), harness.folder.file("state"))
        let error = fauthError { _ = try harness.lockedSession(startingWith: unlocked) }
        #expect(error?.code == .sessionStoreError)
        #expect(error?.message.contains("\(harness.folder.file("state")) is a symbolic link") == true)
    }
}
