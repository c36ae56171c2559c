import FauthJSON

#if canImport(Glibc)
import Glibc
#endif

/// Google's published certificates cached in the session folder, one file per document URL
/// (`public-keys-<hash>.cache`, 0600: `{"version": 1, "url", "fetchedAt", "maxAge", "certificates": {kid: PEM}}`),
/// used until the answer's `max-age` runs out. Only a cache of public documents: a file that is missing, unreadable,
/// of another URL or past its `max-age` is fetched again, and a failed write is ignored.
struct PublicKeyCache {
    /// The cache file.
    let path: String
    /// The document's URL.
    let url: String
    /// The folder that must already exist (HOME), as for the session file.
    let anchor: String?

    /// Cache files larger than this are ignored.
    static let sizeLimit = 256 * 1024

    /// The cache of the document at `url`, beside `store`'s session file.
    init(beside store: SessionStore, url: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits: a stable file name per URL
        for byte in url.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        path =
            SessionFolder.folder(of: store.path) + "/public-keys-" + String(repeating: "0", count: 16 - hex.count) + hex
            + ".cache"
        self.url = url
        anchor = store.anchor
    }

    /// The document cached for the URL when it may still be used at `now`; nil otherwise.
    func read(now: Double) -> PublicKeyDocument? {
        guard let descriptor = try? FileDescriptorIO.openForReading(path, followingLinks: false, nonBlocking: true)
        else { return nil }
        defer { close(descriptor) }
        guard let bytes = try? FileDescriptorIO.readAll(descriptor, limit: Self.sizeLimit) ?? nil,
            let document = try? JSONValue.parse(bytes), document["version"]?.int == 1,
            document["url"]?.string == url, let fetchedAt = document["fetchedAt"]?.number,
            let maxAge = document["maxAge"]?.number,
            let certificates = document["certificates"]?.object.flatMap(PublicKeyDocument.certificates)
        else { return nil }
        let cached = PublicKeyDocument(
            url: url, certificates: certificates, fetchedAt: fetchedAt,
            maxAge: min(maxAge, PublicKeyDocument.maximumMaxAge))
        return cached.isFresh(at: now) ? cached : nil
    }

    /// Writes `document` atomically; a failure leaves the cache as it was and is ignored. A document that may not be
    /// cached (`max-age` 0) removes the file.
    func write(_ document: PublicKeyDocument) {
        guard document.maxAge > 0 else {
            unlink(path)
            return
        }
        var certificates = JSONObject()
        for (kid, pem) in document.certificates.sorted(by: { $0.key < $1.key }) { certificates[kid] = .string(pem) }
        let json: JSONValue = [
            "version": 1, "url": .string(url), "fetchedAt": .number(document.fetchedAt),
            "maxAge": .number(document.maxAge), "certificates": .object(certificates),
        ]
        let temporaryPath = path + "~tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        guard (try? SessionFolder.prepare(forFile: path, anchor: anchor)) != nil,
            (try? FileDescriptorIO.replaceAtomically(path, with: json.serializedBytes(), temporaryPath: temporaryPath))
                != nil
        else {
            return
        }
        SessionFolder.sync(SessionFolder.folder(of: path))
    }
}
