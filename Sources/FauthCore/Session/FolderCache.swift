import FauthJSON

#if canImport(Glibc)
import Glibc
#endif

/// One cache file in the session folder, `<kind>-<hash>.cache` (0600), where `hash` (64-bit FNV-1a, 16 hex digits)
/// names what is cached (a URL, a backend): read bounded and without following a link, written atomically. Only a
/// cache: a file that is missing, unreadable, too large or not JSON reads as nothing, and a failed write or removal
/// is ignored, since what it holds can always be fetched again.
struct FolderCache {
    /// The cache file.
    let path: String
    /// The folder that must already exist (HOME), as for the session file.
    let anchor: String?
    /// Files larger than this are ignored.
    let sizeLimit: Int

    /// The cache file of `kind` for `key`, beside `store`'s session file.
    init(beside store: SessionStore, kind: String, key: String, sizeLimit: Int) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits: a stable file name per key
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        path =
            SessionFolder.folder(of: store.path) + "/\(kind)-" + String(repeating: "0", count: 16 - hex.count) + hex
            + ".cache"
        anchor = store.anchor
        self.sizeLimit = sizeLimit
    }

    /// The JSON document the file holds; nil when there is none that can be read.
    func read() -> JSONValue? {
        guard let descriptor = try? FileDescriptorIO.openForReading(path, followingLinks: false, nonBlocking: true)
        else { return nil }
        defer { close(descriptor) }
        guard let bytes = try? FileDescriptorIO.readAll(descriptor, limit: sizeLimit) ?? nil else { return nil }
        return try? JSONValue.parse(bytes)
    }

    /// Replaces the file with `document` atomically (a temporary file renamed over it, then the folder synced); a
    /// failure leaves the file as it was.
    func write(_ document: JSONValue) {
        let temporaryPath = path + "~tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        guard (try? SessionFolder.prepare(forFile: path, anchor: anchor)) != nil,
            (try? FileDescriptorIO.replaceAtomically(
                path, with: document.serializedBytes(), temporaryPath: temporaryPath)) != nil
        else {
            return
        }
        SessionFolder.sync(SessionFolder.folder(of: path))
    }

    /// Removes the file, if there is one.
    func remove() {
        unlink(path)
    }
}
