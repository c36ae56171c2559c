#if canImport(Glibc)
import Glibc
#endif

extension SessionStore {
    /// Removes every profile's session in fauth's sessions `folder` (`signout --all`), and any pending second-factor
    /// step beside one, and returns the files removed (each profile's session file, then its pending step's), by
    /// profile. The folder is checked and listed once and
    /// synced once; each profile's file, and the temporary files a killed writer left, are removed under that
    /// profile's lock. Lock files and anything that is not a profile's file (a name of another form, or not a
    /// regular file of the user's) stay. A profile that cannot be signed out does not stop the others: the error
    /// comes after all were tried, naming each that was left (`session-busy` when each was only busy). The locks are
    /// waited for within one `lockTimeout` in all, not one each. A missing folder holds no session.
    package static func removeAllProfiles(
        inFolder folder: String, lockTimeout: Double = CallOptions.defaultTimeout,
        storage: SecretStorage? = nil
    ) throws -> [String] {
        let storage = storage ?? .fileOnly(timeout: lockTimeout)
        guard try SessionFolder.verify(folder) else { return [] }
        let names: [String]
        do {
            names = try SessionFolder.names(in: folder)
        } catch {
            throw FauthError(
                .sessionStoreError, message: "Cannot list the session folder \(folder): \(error.description).",
                underlying: error.underlying)
        }
        let isOwnFile = { (name: String) in
            (try? SessionFile(path: folder + "/" + name, storage: storage).existingOwnFile()) == true
        }
        let sessionNames = Set(names.filter { isProfileFileName($0) && isOwnFile($0) })
        let orphans = Dictionary(grouping: names.filter { profileFileName(ofTemporaryFile: $0) != nil }) {
            profileFileName(ofTemporaryFile: $0)!
        }
        let pendingNames = Set(names.filter(isOwnFile).compactMap(profileFileName(ofPendingFile:)))
        var removed: [String] = []
        var left: [FauthError] = []
        let deadline = MonotonicTime.now().adding(seconds: max(0, lockTimeout))
        for name in sessionNames.union(orphans.keys).union(pendingNames).sorted() {
            let store = SessionStore(path: folder + "/" + name, lockTimeout: lockTimeout, storage: storage)
            do {
                let descriptor = try store.lock(until: deadline)
                defer { close(descriptor) }
                let file = SessionFile(path: store.path, storage: storage)
                file.removeOrphanedTemporaryFiles(among: orphans[name] ?? [])
                let removedPending =
                    try pendingNames.contains(name)
                    ? PendingSecondFactorFile.all(sessionPath: store.path, storage: storage).filter { try $0.remove() }
                        .map(\.path) : []
                if sessionNames.contains(name), try file.remove(syncingFolder: false) {
                    removed.append(store.path)
                }
                removed += removedPending
            } catch let error as FauthError {
                left.append(error)
            }
        }
        do {
            try removeOrphanedItems(inFolder: folder, storage: storage, lockTimeout: lockTimeout, until: deadline)
        } catch let error as FauthError {
            left.append(error)
        }
        SessionFolder.sync(folder)
        guard left.isEmpty else {
            throw FauthError(
                left.allSatisfy { $0.code == .sessionBusy } ? .sessionBusy : .sessionStoreError,
                message: "Signed out \(removed.count) profile(s), but not all: "
                    + left.map(\.message).joined(separator: " "))
        }
        return removed
    }

    /// Removes the keyring items of fauth's schema for sessions of `folder` whose files are all gone (the session file
    /// and its pending files deleted by hand, or signed out by a fauth that could not reach the keyring), each under
    /// its session's lock, waited for until `deadline`. Only when the storage resolves to the keyring (`auto` with a
    /// Secret Service that answers, or `keyring`, which fails closed): `file` touches no keyring.
    private static func removeOrphanedItems(
        inFolder folder: String, storage: SecretStorage, lockTimeout: Double, until deadline: MonotonicTime
    ) throws {
        guard storage.choice != .file, try storage.target() == .keyring else { return }
        let sessions = try storage.keyring.values(
            of: "session", among: SessionKeyringItem.folderAttributes(folder))
        for path in sessions.sorted() where SessionFolder.folder(of: path) == folder {
            let store = SessionStore(path: path, lockTimeout: lockTimeout, storage: storage)
            let descriptor = try store.lock(until: deadline)
            defer { close(descriptor) }
            let files = [path] + PendingSecondFactorFile.Kind.allCases.map { path + $0.suffix }
            var info = stat()
            guard files.allSatisfy({ lstat($0, &info) != 0 && errno == ENOENT }) else { continue }
            try storage.keyring.clear(SessionKeyringItem(sessionPath: path).sessionAttributes)
        }
    }

    /// Whether `name` is a profile's session file: `<profile>.json` with a valid profile name.
    static func isProfileFileName(_ name: String) -> Bool {
        name.hasSuffix(".json") && SessionLocation.isValidProfileName(String(name.dropLast(5)))
    }

    /// The profile file `<file>.mfa-pending` or `<file>.mfa-enrollment` is a pending second-factor file of, nil for
    /// any other name.
    static func profileFileName(ofPendingFile name: String) -> String? {
        guard let suffix = PendingSecondFactorFile.Kind.allCases.map(\.suffix).first(where: name.hasSuffix) else {
            return nil
        }
        let owner = String(name.dropLast(suffix.count))
        return isProfileFileName(owner) ? owner : nil
    }

    /// The profile file `.<file>~tmp-<hex>` is a temporary file of, nil for any other name.
    static func profileFileName(ofTemporaryFile name: String) -> String? {
        guard name.hasPrefix(".") else { return nil }
        let owner = String(name.dropFirst().prefix { $0 != "~" })  // `~` is in no profile name
        return isProfileFileName(owner) && name.dropFirst(1 + owner.count).hasPrefix("~tmp-") ? owner : nil
    }
}
