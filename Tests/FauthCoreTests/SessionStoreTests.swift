import Dispatch
import FauthJSON
import FauthTestSupport
import Foundation
import Glibc
import Testing

@testable import FauthCore

private func save(_ session: Session, to store: SessionStore) throws {
    try store.withLock { file in try file.write(session) }
}

@Test func missingFileLoadsAsNoSession() throws {
    let folder = TemporaryFolder()
    #expect(try SessionStore(path: folder.file("none.json")).load() == nil)
}

@Test(arguments: [sampleSession(), minimalSession()])
func everyFieldRoundTrips(session: Session) throws {
    let folder = TemporaryFolder()
    let store = SessionStore(path: folder.file("s.json"))
    try save(session, to: store)
    #expect(try store.load() == session)
    #expect(try store.withLock { try $0.read() } == session)
}

@Test func modesAreTightEvenUnderUmask000() throws {
    let folder = TemporaryFolder()
    let store = SessionStore(path: folder.file("state/fauth/sessions/default.json"))
    let previous = umask(0)
    defer { umask(previous) }
    try save(sampleSession(), to: store)
    #expect(permissions(folder.file("state")) == 0o700)
    #expect(permissions(folder.file("state/fauth")) == 0o700)
    #expect(permissions(folder.file("state/fauth/sessions")) == 0o700)
    #expect(permissions(store.path) == 0o600)
    #expect(permissions(store.lockPath) == 0o600)
}

@Test func existingLooseLockFileIsTightened() throws {
    let folder = TemporaryFolder()
    let store = SessionStore(path: folder.file("s.json"))
    folder.write("s.json.lock", "", mode: 0o666)
    try save(sampleSession(), to: store)
    #expect(permissions(store.lockPath) == 0o600)
}

@Test func readersNeverSeeAPartialFileWhileAWriterReplacesIt() throws {
    let folder = TemporaryFolder()
    let store = SessionStore(path: folder.file("s.json"))
    let small = sampleSession(refreshToken: "small", displayName: "s")
    let large = sampleSession(refreshToken: "large", displayName: String(repeating: "L", count: 300_000))
    try save(small, to: store)
    let seen = Recorder<String>()
    let failures = Recorder<String>()
    DispatchQueue.concurrentPerform(iterations: 2) { role in
        if role == 0 {
            for round in 0..<150 {
                do { try save(round % 2 == 0 ? large : small, to: store) } catch { failures.append("write: \(error)") }
            }
        } else {
            for _ in 0..<1500 {
                do {
                    let loaded = try store.load()
                    if loaded == small || loaded == large {
                        seen.append(loaded!.refreshToken)
                    } else {
                        failures.append("unexpected content")
                    }
                } catch {
                    failures.append("read: \(error)")
                }
            }
        }
    }
    #expect(failures.values.isEmpty)
    #expect(seen.values.count == 1500)
    #expect(folder.names() == ["s.json", "s.json.lock"])
}

@Test func theLockSerializesReadModifyWritesAcrossThreads() throws {
    let folder = TemporaryFolder()
    let store = SessionStore(path: folder.file("s.json"))
    try save(sampleSession(displayName: "0"), to: store)
    let failures = Recorder<String>()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
        for _ in 0..<5 {
            do {
                try store.withLock { file in
                    var session = try #require(try file.read())
                    session.user.displayName = String(Int(session.user.displayName ?? "")! + 1)
                    try file.write(session)
                }
            } catch {
                failures.append("\(error)")
            }
        }
    }
    #expect(failures.values.isEmpty)
    #expect(try store.load()?.user.displayName == "40")
}

@Test func aSecondLockHolderSeesTheFirstOnesWrite() throws {
    let folder = TemporaryFolder()
    let first = SessionStore(path: folder.file("s.json"))
    let second = SessionStore(path: folder.file("s.json"))
    try first.withLock { file in try file.write(sampleSession(refreshToken: "refreshed-by-first")) }
    let seen = try second.withLock { file in try file.read()?.refreshToken }
    #expect(seen == "refreshed-by-first")
}

@Test func waitingForAHeldLockIsBounded() throws {
    let folder = TemporaryFolder()
    let holder = SessionStore(path: folder.file("s.json"))
    let waiter = SessionStore(path: folder.file("s.json"), lockTimeout: 0.2)
    let error = try holder.withLock { _ in
        fauthError { try waiter.withLock { (_: SessionFile) -> Void in Issue.record("took a held lock") } }
    }
    #expect(error?.code == .sessionBusy)
    #expect(error?.exitStatus == 10 && error?.code.isRetryable == true)
    #expect(error?.message.contains(waiter.lockPath) == true)
    #expect(try waiter.withLock { _ in true })
}

@Test(arguments: [
    ("", "is empty"),
    ("{\"version\":", "is not valid JSON"),
    ("[]", "is not a valid fauth session: is not a JSON object"),
    (
        "{\"version\":3}",
        "is not a valid fauth session: version is 3, which this fauth does not know (it reads 1 and 2)"
    ),
    ("{\"version\":2}", "is not a valid fauth session: secrets is missing"),
    ("{\"version\":1}", "is not a valid fauth session: project is missing"),
])
func damagedFilesAreRefusedNamingThePathAndTheProblem(content: String, problem: String) throws {
    let folder = TemporaryFolder()
    let path = folder.write("s.json", content)
    let error = fauthError { _ = try SessionStore(path: path).load() }
    #expect(error?.code == .sessionStoreError)
    #expect(error?.message.hasPrefix("The session file \(path) \(problem)") == true)
}

@Test func aFileMissingAFieldIsRefused() throws {
    let folder = TemporaryFolder()
    var document = try #require(StoredSessionV1(sampleSession()).document().object)
    document["refreshToken"] = nil
    let path = folder.write("s.json", JSONValue.object(document).serialized())
    let error = fauthError { _ = try SessionStore(path: path).load() }
    #expect(error?.message == "The session file \(path) is not a valid fauth session: refreshToken is missing.")
}

@Test func anOversizedFileIsRefused() throws {
    let folder = TemporaryFolder()
    let path = folder.write("s.json", String(repeating: " ", count: SessionFile.sizeLimit + 1))
    #expect(fauthError { _ = try SessionStore(path: path).load() }?.message.contains("is larger than") == true)
}

@Test(arguments: [0o644, 0o640, 0o620, 0o604, 0o602, 0o660, 0o666] as [mode_t])
func filesOpenToGroupOrOthersAreRefusedWithTheFix(mode: mode_t) throws {
    let folder = TemporaryFolder()
    let store = SessionStore(path: folder.file("s.json"))
    try save(sampleSession(), to: store)
    chmod(store.path, mode)
    let error = fauthError { _ = try store.load() }
    #expect(error?.code == .sessionStoreError)
    #expect(error?.message.hasSuffix("run: chmod 600 \(store.path)") == true)
}

@Test func aSymbolicLinkIsRefused() throws {
    let folder = TemporaryFolder()
    let target = SessionStore(path: folder.file("real.json"))
    try save(sampleSession(), to: target)
    symlink(target.path, folder.file("link.json"))
    let error = fauthError { _ = try SessionStore(path: folder.file("link.json")).load() }
    #expect(error?.message.contains("is a symbolic link") == true)
}

@Test func ownershipAndModeRules() {
    #expect(SessionFile.securityProblem(mode: S_IFREG | 0o600, owner: 1000, expectedOwner: 1000) == nil)
    #expect(SessionFile.securityProblem(mode: S_IFREG | 0o400, owner: 1000, expectedOwner: 1000) == nil)
    #expect(
        SessionFile.securityProblem(mode: S_IFREG | 0o600, owner: 0, expectedOwner: 1000)?.contains("another user")
            == true)
    #expect(SessionFile.securityProblem(mode: S_IFREG | 0o604, owner: 1000, expectedOwner: 1000) != nil)
    #expect(SessionFile.securityProblem(mode: S_IFREG | 0o610, owner: 1000, expectedOwner: 1000) != nil)
}

@Test func aFolderWritableByOthersIsRefusedUnlessSticky() throws {
    let folder = TemporaryFolder()
    mkdir(folder.file("open"), 0o700)
    chmod(folder.file("open"), 0o777)
    let error = fauthError { try save(sampleSession(), to: SessionStore(path: folder.file("open/s.json"))) }
    #expect(error?.code == .sessionStoreError)
    #expect(error?.message.hasSuffix("run: chmod 700 \(folder.file("open"))") == true)
    #expect(folder.names(in: "open").isEmpty)

    mkdir(folder.file("sticky"), 0o700)
    chmod(folder.file("sticky"), 0o1777)
    try save(sampleSession(), to: SessionStore(path: folder.file("sticky/s.json")))
}

/// `\u{600}/` is one Character (a prepended mark joins what follows it), but the kernel sees a folder and a `/`.
@Test func aFolderEndingInAJoiningMarkIsWalkedAsTheKernelSeesIt() throws {
    let folder = TemporaryFolder()
    let open = folder.file("open\u{600}")
    mkdir(open, 0o700)
    chmod(open, 0o777)
    let store = SessionStore(path: open + "/s.json")
    let error = fauthError { try save(sampleSession(), to: store) }
    #expect(error?.code == .sessionStoreError)
    #expect(error?.message.hasSuffix("run: chmod 700 \(open)") == true)
    #expect(folder.names(in: "open\u{600}").isEmpty)
    folder.write("open\u{600}/s.json", "{}")
    #expect(fauthError { _ = try store.load() }?.message.hasSuffix("run: chmod 700 \(open)") == true)
}

@Test func aDamagedFileIsReplacedByAWrite() throws {
    let folder = TemporaryFolder()
    let path = folder.write("s.json", "garbage", mode: 0o644)
    let store = SessionStore(path: path)
    try save(sampleSession(), to: store)
    #expect(try store.load() == sampleSession())
    #expect(permissions(path) == 0o600)
}

@Test func aFailedWriteLeavesNoTemporaryFileAndTheTargetUntouched() throws {
    let folder = TemporaryFolder()
    mkdir(folder.file("s.json"), 0o700)
    folder.write("s.json/keep", "x")
    let error = fauthError { try save(sampleSession(), to: SessionStore(path: folder.file("s.json"))) }
    #expect(error?.code == .sessionStoreError)
    #expect(error?.underlying?.domain == "posix")
    #expect(folder.names() == ["s.json", "s.json.lock"])
    #expect(folder.names(in: "s.json") == ["keep"])
}

@Test func removeDeletesTheFileAndToleratesAMissingOne() throws {
    let folder = TemporaryFolder()
    let store = SessionStore(path: folder.file("s.json"))
    try save(sampleSession(), to: store)
    try store.withLock { try $0.remove() }
    #expect(try store.load() == nil)
    try store.withLock { try $0.remove() }
    #expect(folder.names() == ["s.json.lock"])
}

@Test func removeListsEachFileRemovedAPendingStepAloneToo() throws {
    let folder = TemporaryFolder()
    folder.write("s.json.mfa-pending", "{}")
    let store = SessionStore(path: folder.file("s.json"))
    #expect(try store.remove() == [folder.file("s.json.mfa-pending")])
    #expect(try store.remove() == [])
    folder.write("s.json", "{}")
    folder.write("s.json.mfa-pending", "{}")
    #expect(try store.remove() == [folder.file("s.json"), folder.file("s.json.mfa-pending")])
    folder.write("s.json.mfa-pending", "{}")
    folder.write("s.json.mfa-enrollment", "{}")
    #expect(try store.remove() == [folder.file("s.json.mfa-pending"), folder.file("s.json.mfa-enrollment")])
}

@Test func removeAllProfilesRemovesAllAndOnlyFauthsFiles() throws {
    let folder = TemporaryFolder()
    let fauths = [
        "b.json", "a.json", ".hidden.json", ".a.json~tmp-1f", ".c.json~tmp-2", ".a.json~tmp-3",
        "a.json.mfa-pending", "d.json.mfa-pending", "e.json.mfa-enrollment",
    ]
    let others = [
        "a.json.lock", "bad name.json", "notes.txt", ".a.json.tmp-1f", ".bad name.json~tmp-1", "a.json~tmp-1",
        ".a.json~tmpX", "bad name.json.mfa-pending", "a.mfa-pending", "a.mfa-enrollment",
    ]
    for name in fauths + others {
        folder.write(name, "{}")
    }
    #expect(
        try SessionStore.removeAllProfiles(inFolder: folder.path)
            == [
                folder.file(".hidden.json"), folder.file("a.json"), folder.file("a.json.mfa-pending"),
                folder.file("b.json"),
                folder.file("d.json.mfa-pending"), folder.file("e.json.mfa-enrollment"),
            ],
        "a pending second-factor step removed is listed, beside a session or alone")
    // The lock files taken on the way stay, as every sign-out leaves them for a process that may wait on them.
    #expect(
        folder.names()
            == (others + [".hidden.json.lock", "b.json.lock", "c.json.lock", "d.json.lock", "e.json.lock"]).sorted())
    #expect(try SessionStore.removeAllProfiles(inFolder: folder.path) == [])
    #expect(try SessionStore.removeAllProfiles(inFolder: folder.file("missing")) == [])
}
