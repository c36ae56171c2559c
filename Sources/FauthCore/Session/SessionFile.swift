import FauthJSON

#if canImport(Glibc)
import Glibc
#endif

/// One session file, handed out by `SessionStore.withLock` for a read-modify-write under the lock. Its checked
/// reads, atomic writes and removal also serve the profile's other protected file (`PendingSecondFactorFile`).
package struct SessionFile {
    /// The file's path.
    package let path: String
    /// The folder that must already exist (HOME): fauth creates the folders below it, never it.
    let anchor: String?
    /// What messages call the file ("session file").
    let label: String
    /// Where the file's secrets go when it is written.
    let storage: SecretStorage
    /// The keyring items that hold the file's secrets when they are not in it.
    let item: SessionKeyringItem

    /// Session files larger than this are refused as corrupt.
    static let sizeLimit = 1 << 20

    /// The file at `path`, a session file unless `item` says it holds another kind of secret.
    init(
        path: String, anchor: String? = nil, label: String = "session file", storage: SecretStorage,
        item: SessionKeyringItem? = nil
    ) {
        self.path = path
        self.anchor = anchor
        self.label = label
        self.storage = storage
        self.item = item ?? SessionKeyringItem(sessionPath: path)
    }

    /// The session, nil when the file does not exist; anything wrong with it → `session-store-error`.
    package func read() throws -> Session? {
        try readStamped()?.session
    }

    /// The session and the stamp of the file version it came from, as `read` reads it.
    /// Every folder on the way is checked first (`SessionFolder.verify`); the file is opened without blocking (a FIFO
    /// never hangs) and without following a link, and must be a regular file.
    /// A version 2 file's tokens come from the keyring item it names; an item missing while the file is being
    /// replaced (a lock-free read racing a write) is looked for again in the new version's slot.
    package func readStamped() throws -> StampedSession? {
        var attempts = 0
        while true {
            guard let (document, stamp) = try readDocument() else { return nil }
            if document["version"] == .number(Double(StoredSessionV2.version)) {
                if let session = try keyringSession(document) { return StampedSession(session: session, stamp: stamp) }
                attempts += 1
                guard attempts < 3, try readDocument()?.stamp != stamp else {
                    throw FauthError(
                        .keychainError,
                        message: "The keyring holds no item for the session file \(path) (removed with Seahorse or "
                            + "secret-tool?): run fauth signout, then sign in again.")
                }
                continue
            }
            do {
                return StampedSession(session: try StoredSessionV1(document: document).session, stamp: stamp)
            } catch {
                throw refusal("is not a valid fauth session: \(error.description)")
            }
        }
    }

    /// The session under the lock, in a `withLock` that has just walked the folders: `previous` (this file as read
    /// without the lock) as it is when the open file's stamp is still its stamp, without parsing it or asking the
    /// keyring again; else the file read afresh as `readStamped` reads it, folders walked. The open file is checked
    /// either way as `readStamped` checks it (no link, regular, the user's, not open to others, bounded, not empty).
    package func readStamped(unchangedSince previous: StampedSession) throws -> StampedSession? {
        guard let (content, info) = try readCheckedBytes(walkingFolders: false) else { return nil }
        if SessionFileStamp(info, content: content) == previous.stamp { return previous }
        return try readStamped()
    }

    /// The file's JSON document and stamp, nil when there is none; the folders are walked first unless
    /// `walkingFolders` is false (as `readCheckedBytes`).
    func readDocument(walkingFolders: Bool = true) throws -> (document: JSONValue, stamp: SessionFileStamp)? {
        guard let (content, info) = try readCheckedBytes(walkingFolders: walkingFolders) else { return nil }
        do {
            return (try JSONValue.parse(content), SessionFileStamp(info, content: content))
        } catch {
            throw refusal("is not valid JSON (\(error.description))")
        }
    }

    /// The session of a version 2 document with its tokens from the keyring; nil when the item is missing.
    private func keyringSession(_ document: JSONValue) throws -> Session? {
        let stored: StoredSessionV2
        do {
            stored = try StoredSessionV2(document: document)
        } catch {
            throw refusal("is not a valid fauth session: \(error.description)")
        }
        guard let secret = try secret(in: stored.slot, backend: stored.session.project.target) else {
            return nil
        }
        guard var session = SessionKeyringItem.session(stored.session, withSecret: secret) else {
            throw FauthError(
                .keychainError,
                message: "The keyring item of the session file \(path) does not hold a fauth session's tokens: run "
                    + "fauth signout, then sign in again.")
        }
        session.secretBackend = .keyring
        return session
    }

    /// The secret of the file's item in `slot` for `backend`, nil when the keyring has none.
    func secret(in slot: SessionKeyringItem.Slot, backend: BackendTarget) throws -> String? {
        try storage.keyring.lookup(item.attributes(slot: slot, backend: backend))
    }

    /// The file's bytes and status, nil when it does not exist; an unsafe folder or file, a file that is not
    /// regular, too large or empty → `session-store-error`. The folders are walked first unless `walkingFolders` is
    /// false (the caller has just walked them).
    func readCheckedBytes(walkingFolders: Bool = true) throws -> (bytes: [UInt8], info: stat)? {
        if walkingFolders {
            guard try SessionFolder.verify(SessionFolder.folder(of: path)) else { return nil }
        }
        let descriptor: Int32
        do {
            descriptor = try FileDescriptorIO.openForReading(path, followingLinks: false, nonBlocking: true)
        } catch {
            switch error.code {
            case ENOENT: return nil
            case ELOOP: throw refusal("is a symbolic link; fauth does not follow links for its session file")
            default:
                // A socket cannot be opened at all (ENXIO): say what it is rather than what open said.
                var info = stat()
                if lstat(path, &info) == 0, let kind = Self.irregularKind(info.st_mode) { throw refusal(kind) }
                throw failure("read", error)
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw failure("read", SystemError.current("fstat"))
        }
        if let kind = Self.irregularKind(info.st_mode) {
            throw refusal(kind)
        }
        if let problem = Self.securityProblem(mode: info.st_mode, owner: info.st_uid, expectedOwner: geteuid()) {
            throw refusal(problem)
        }
        let content: [UInt8]
        do {
            guard let bytes = try FileDescriptorIO.readAll(descriptor, limit: Self.sizeLimit) else {
                throw refusal("is larger than \(Self.sizeLimit) bytes")
            }
            content = bytes
        } catch let error as SystemError {
            throw failure("read", error)
        }
        guard !content.isEmpty else {
            throw refusal("is empty")
        }
        return (content, info)
    }

    /// Replaces the file atomically: a 0600 temporary file in the same folder, written in full and synced, renamed
    /// over the target, then the folder synced. Any failure removes the temporary file and leaves the target as it was.
    /// The tokens go where `storage` says (`write(_:)` of a `SecretDocument`).
    package func write(_ session: Session) throws {
        let whole = StoredSessionV1(session).bytes()
        try Self.checkReadable(whole)
        try write(
            SecretDocument(
                whole: whole, secret: SessionKeyringItem.secret(of: session), backend: session.project.target,
                label: item.label(for: session.user.email ?? session.user.uid),
                naming: { StoredSessionV2(session, slot: $0).bytes() }))
    }

    /// A document whose secrets are in it, or in a keyring item it names.
    struct SecretDocument {
        /// The document with its secrets, as the file keeps it when they are not in the keyring.
        let whole: [UInt8]
        /// The secrets, as the keyring item keeps them.
        let secret: String
        /// The backend the item is bound to.
        let backend: BackendTarget
        /// The item's label.
        let label: String
        /// The document without its secrets, naming the item in a slot.
        let naming: (SessionKeyringItem.Slot) -> [UInt8]
    }

    /// Writes `document` atomically (as `replaceContents`) with its secrets where `storage` says (a file whose secrets
    /// are already in the keyring keeps them there under `auto`): to the keyring, the secrets are stored in the slot
    /// the file does not name, then the file is replaced to name it, then the old slot's item is removed, so that a
    /// kill at any point leaves the file naming a complete item; to the file, the file is replaced, then any item it
    /// named is removed. The folders are walked (and made) once, before the file is read for the slot it names.
    func write(_ document: SecretDocument) throws {
        try SessionFolder.prepare(forFile: path, anchor: anchor)
        let previous = try? readDocument(walkingFolders: false).flatMap { SessionKeyringItem.slot(of: $0.document) }
        let target = storage.choice == .auto && previous != nil ? .keyring : try storage.target()
        guard target == .keyring else {
            try replaceContents(with: document.whole)
            if let previous {
                _ = try? storage.keyring.clear(item.attributes.merging(["slot": previous.rawValue]) { $1 })
            }
            return
        }
        let slot = previous?.other ?? .a
        try storage.keyring.store(
            document.secret, attributes: item.attributes(slot: slot, backend: document.backend), label: document.label)
        try replaceContents(with: document.naming(slot))
        if let previous { _ = try? storage.keyring.clear(item.attributes.merging(["slot": previous.rawValue]) { $1 }) }
    }

    /// Replaces the file's bytes atomically, as `write` does, in the folder `write` has just walked.
    private func replaceContents(with bytes: [UInt8]) throws {
        let temporaryPath =
            SessionFolder.folder(of: path) + "/" + temporaryPrefix
            + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        do {
            try FileDescriptorIO.replaceAtomically(path, with: bytes, temporaryPath: temporaryPath)
        } catch {
            throw failure("write", error)
        }
        SessionFolder.sync(SessionFolder.folder(of: path))
    }

    /// The room set aside for the next write by `withReservedSpace`: several times a large session's size.
    static let reservedBytes = 64 << 10

    /// Runs `body` (a request that creates or changes an account, and what follows it until the session is ready)
    /// with room for the write after it set aside: a temporary file with `reservedBytes` of disk allocated to it
    /// (`FileDescriptorIO.reserveNewFile`: no sync, which a placeholder does not need) before `body`, removed after
    /// it. A full disk thus fails here, before the server is touched (`session-store-error`), and the write that
    /// follows finds the room the reservation freed. Called under the lock, in the folder `withLock` has walked (and
    /// made); the write that follows walks it again.
    func withReservedSpace<T>(_ body: () throws -> T) throws -> T {
        let reservation = SessionFolder.folder(of: path) + "/" + temporaryPrefix + "reserved"
        do {
            try FileDescriptorIO.reserveNewFile(reservation, byteCount: Self.reservedBytes)
        } catch {
            throw failure("reserve room for", error)
        }
        defer { unlink(reservation) }
        return try body()
    }

    /// Deletes the file and returns whether there was one; a missing file is not an error, and a path that is not a
    /// regular file of the user's is refused, never removed (`existingOwnFile`). The folder is synced unless the
    /// caller syncs it once for many removals. The lock file stays: another process may be waiting on it.
    /// A session file whose secrets are in the keyring has its items removed first; a keyring that cannot remove
    /// them leaves the file too (`keychain-error`), so that nothing is half signed out.
    @discardableResult
    package func remove(syncingFolder: Bool = true) throws -> Bool {
        guard try existingOwnFile() else { return false }
        if let document = try? readDocument()?.document, SessionKeyringItem.slot(of: document) != nil {
            try storage.keyring.clear(item.attributes)
        }
        guard unlink(path) == 0 else {
            guard errno == ENOENT else { throw failure("remove", SystemError.current("unlink")) }
            return false
        }
        if syncingFolder {
            SessionFolder.sync(SessionFolder.folder(of: path))
        }
        return true
    }

    /// Whether the file exists; a path that is not a regular file (a folder, FIFO, device, socket or link) or is
    /// another user's → `session-store-error`: fauth replaces or removes only a file it could have written.
    func existingOwnFile() throws -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw failure("read", SystemError.current("lstat")) }
            return false
        }
        if let problem = Self.irregularKind(info.st_mode)
            ?? Self.ownerProblem(owner: info.st_uid, expectedOwner: geteuid())
        {
            throw refusal(problem)
        }
        return true
    }

    /// Removes the temporary files a killed writer left behind, among `names` (the folder's entries; listed when
    /// nil). Called under the lock, when no write of this file can be in progress, so every `.<name>~tmp-*` sibling
    /// is an orphan.
    func removeOrphanedTemporaryFiles(among names: [String]? = nil) {
        let folder = SessionFolder.folder(of: path)
        let prefix = temporaryPrefix
        for name in names ?? (try? SessionFolder.names(in: folder)) ?? [] where name.hasPrefix(prefix) {
            unlink(folder + "/" + name)
        }
    }

    /// The name prefix of this file's temporary files: `.<name>~tmp-`. `~` is in no profile name, so no other
    /// profile's session or lock file can start with it (`.a.json.tmp-1.json` is profile `.a.json.tmp-1`'s file).
    var temporaryPrefix: String { "." + String(SessionFolder.lastName(of: path)) + "~tmp-" }

    /// Refuses to write what `read` would refuse (a session built from a server answer fauth cannot store):
    /// internal-error, and the file stays as it was.
    private static func checkReadable(_ bytes: [UInt8]) throws {
        do {
            _ = try StoredSessionV1(document: JSONValue.parse(bytes))
        } catch {
            throw FauthError(
                .internalError, message: "fauth refused to write a session it could not read back (\(error)).")
        }
    }

    /// What a path that is not a regular file is ("is a FIFO", …), nil for a regular file.
    static func irregularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "is a FIFO, not a regular file"
        case S_IFSOCK: return "is a socket, not a regular file"
        case S_IFCHR, S_IFBLK: return "is a device, not a regular file"
        case S_IFDIR: return "is a folder, not a regular file"
        case S_IFLNK: return "is a symbolic link; fauth does not follow links for its session file"
        default: return "is not a regular file"
        }
    }

    /// Refuses, before any request, a session file that `write` could not replace: a target that is not a regular
    /// file of the user's (`existingOwnFile`), a folder that is unsafe or cannot be written, or a name too long for
    /// the temporary file beside it.
    /// With `--storage keyring`, a Secret Service that cannot take the secrets is `keychain-error` here.
    func checkWritable() throws {
        _ = try storage.target()
        try SessionFolder.prepare(forFile: path, anchor: anchor)
        _ = try existingOwnFile()
        let folder = SessionFolder.folder(of: path)
        guard access(folder, W_OK | X_OK) == 0 else {
            throw failure("write", SystemError.current("access"))
        }
        let longest = temporaryPrefix.utf8.count + 16  // the temporary file's name, its longest sibling
        let limit = pathconf(folder, Int32(_PC_NAME_MAX))
        if limit > 0 && longest > limit {
            throw refusal(
                "has a name too long: its temporary file's name would be \(longest) bytes, over the folder's \(limit)")
        }
    }

    /// Why a file with this mode and owner must not be used, nil when it is safe (as ssh refuses unprotected keys).
    static func securityProblem(mode: mode_t, owner: uid_t, expectedOwner: uid_t) -> String? {
        if let problem = ownerProblem(owner: owner, expectedOwner: expectedOwner) {
            return problem
        }
        if mode & (S_IRWXG | S_IRWXO) != 0 {
            return "is readable or writable by group or others"
        }
        return nil
    }

    /// Why a file of `owner` must not be used by `expectedOwner`, nil when it is theirs.
    static func ownerProblem(owner: uid_t, expectedOwner: uid_t) -> String? {
        owner == expectedOwner ? nil : "is owned by another user (uid \(owner)); it must belong to uid \(expectedOwner)"
    }

    /// session-store-error for a file fauth refuses to use; permission problems carry the `chmod 600` fix.
    func refusal(_ problem: String) -> FauthError {
        let fix = problem.hasPrefix("is readable or writable") ? "; run: chmod 600 \(path)" : "."
        return FauthError(.sessionStoreError, message: "The \(label) \(path) \(problem)\(fix)")
    }

    /// session-store-error for a system call that failed while reading, writing or removing the file.
    private func failure(_ action: String, _ error: SystemError) -> FauthError {
        FauthError(
            .sessionStoreError, message: "Cannot \(action) the \(label) \(path): \(error.description).",
            underlying: error.underlying)
    }
}
