#if canImport(Glibc)
import Glibc
#endif

/// A profile's session file and its lock (docs/design/session.md): lock-free reads, locked read-modify-writes.
package struct SessionStore: Sendable {
    /// The session file's path.
    package let path: String
    /// How long `withLock` waits for another process to release the lock, in seconds (the command's timeout).
    package let lockTimeout: Double
    /// A folder that must already exist (the HOME of the default location): fauth creates the folders below it only.
    package let anchor: String?

    /// Where the session's secrets are written (`--storage`), and the keyring they are read from when there.
    package let storage: SecretStorage

    /// A store for the session file at `path`; `anchor`, when given, is never created; secrets in the file unless
    /// `storage` says otherwise.
    package init(
        path: String, lockTimeout: Double = CallOptions.defaultTimeout, anchor: String? = nil,
        storage: SecretStorage? = nil
    ) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.anchor = anchor
        self.storage = storage ?? .fileOnly(timeout: lockTimeout)
    }

    /// The sibling lock file, `<path>.lock`.
    package var lockPath: String { path + ".lock" }

    /// The session, nil when there is none; a corrupt, insecure or unreadable file → `session-store-error`.
    package func load() throws -> Session? {
        try file.read()
    }

    /// The session and the stamp of the file version it came from, nil when there is none (as `load`).
    package func loadStamped() throws -> StampedSession? {
        try file.readStamped()
    }

    /// Checks, before an account is created or signed in to, that the session could then be written: the folders
    /// are safe (or can be created) and the path is free or a regular file; else `session-store-error`.
    package func checkWritable() throws {
        try file.checkWritable()
    }

    /// Runs `body` holding an exclusive `flock` on `<path>.lock` (0600), after removing the temporary files of a
    /// writer that was killed; `body` must re-read the file it changes.
    /// A lock another process holds for all of `lockTimeout` seconds → `session-busy` (temporary, exit 10).
    @discardableResult
    package func withLock<T>(_ body: (SessionFile) throws -> T) throws -> T {
        try SessionFolder.prepare(forFile: path, anchor: anchor)
        let descriptor = try lock()
        defer { close(descriptor) }  // closing the descriptor releases the lock
        file.removeOrphanedTemporaryFiles()
        return try body(file)
    }

    /// Opens (creating it 0600) and takes the lock file, in a folder already checked, waiting until `deadline` (a
    /// `MonotonicTime`; by default `lockTimeout` from now); the caller closes the returned descriptor to release it.
    func lock(until deadline: MonotonicTime? = nil) throws -> Int32 {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw lockFailure(SystemError.current("open"))
        }
        do {
            try checkAndAcquire(descriptor, until: deadline ?? MonotonicTime.now().adding(seconds: max(0, lockTimeout)))
            return descriptor
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Removes the session file under the lock, whatever it holds (sign-out), and the profile's pending second-factor
    /// steps; returns the paths of the files removed (the session's first; none when signed out). A path that is not
    /// a regular file of the user's is refused before any lock file is made beside it; a missing folder holds nothing
    /// to remove and is not created.
    package func remove() throws -> [String] {
        let pending = PendingSecondFactorFile.all(sessionPath: path, anchor: anchor, storage: storage)
        guard try SessionFolder.verify(SessionFolder.folder(of: path)) else { return [] }
        let hasSession = try file.existingOwnFile()
        guard try hasSession || pending.contains(where: { try $0.file.existingOwnFile() }) else { return [] }
        return try withLock { file in
            let removedPending = try pending.filter { try $0.remove() }.map(\.path)
            return (try file.remove() ? [path] : []) + removedPending
        }
    }

    private var file: SessionFile { SessionFile(path: path, anchor: anchor, storage: storage) }

    /// Refuses a lock file that is not a regular file of the user's, tightens it to 0600 and takes it.
    private func checkAndAcquire(_ descriptor: Int32, until deadline: MonotonicTime) throws {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw lockFailure(SystemError.current("fstat"))
        }
        if let kind = SessionFile.irregularKind(info.st_mode) {
            throw FauthError(.sessionStoreError, message: "The lock file \(lockPath) \(kind).")
        }
        guard info.st_uid == geteuid() else {
            throw FauthError(
                .sessionStoreError, message: "The lock file \(lockPath) is owned by another user (uid \(info.st_uid)).")
        }
        guard fchmod(descriptor, 0o600) == 0 else {
            throw lockFailure(SystemError.current("fchmod"))
        }
        try acquire(descriptor, until: deadline)
    }

    /// Polls a non-blocking `flock` with a growing pause (1 ms up to 50 ms) until it is had or `deadline` passes
    /// (tried once even then): another fauth holding it is temporary, `session-busy`.
    private func acquire(_ descriptor: Int32, until deadline: MonotonicTime) throws {
        var pause = 0.001
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw lockFailure(SystemError.current("flock"))
            }
            let remaining = deadline.seconds(since: MonotonicTime.now())
            guard remaining > 0 else {
                throw FauthError(
                    .sessionBusy,
                    message: "The session's lock \(lockPath) was held by another fauth for all of the "
                        + "\(lockTimeout) s timeout; nothing was sent: run the command again when it is done.")
            }
            let seconds = min(pause, remaining)
            var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
            nanosleep(&request, nil)
            pause = min(pause * 2, 0.05)
        }
    }

    private func lockFailure(_ error: SystemError) -> FauthError {
        FauthError(
            .sessionStoreError, message: "Cannot lock the session file \(path): \(error.description).",
            underlying: error.underlying)
    }
}
