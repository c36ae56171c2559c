import FauthJSON

/// Google's published certificates cached in the session folder, one file per document URL
/// (`public-keys-<hash>.cache`, 0600: `{"version": 1, "url", "fetchedAt", "maxAge", "certificates": {kid: PEM}}`),
/// used until the answer's `max-age` runs out. Only a cache of public documents: a file that is missing, unreadable,
/// of another URL or past its `max-age` is fetched again, and a failed write is ignored.
struct PublicKeyCache {
    /// The cache file.
    let file: FolderCache
    /// The document's URL.
    let url: String

    /// The cache of the document at `url`, beside `store`'s session file; files larger than 256 KiB are ignored.
    init(beside store: SessionStore, url: String) {
        file = FolderCache(beside: store, kind: "public-keys", key: url, sizeLimit: 256 * 1024)
        self.url = url
    }

    /// The document cached for the URL when it may still be used at `now`; nil otherwise.
    func read(now: Double) -> PublicKeyDocument? {
        guard let document = file.read(), document["version"]?.int == 1,
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
            file.remove()
            return
        }
        var certificates = JSONObject()
        for (kid, pem) in document.certificates.sorted(by: { $0.key < $1.key }) { certificates[kid] = .string(pem) }
        file.write([
            "version": 1, "url": .string(url), "fetchedAt": .number(document.fetchedAt),
            "maxAge": .number(document.maxAge), "certificates": .object(certificates),
        ])
    }
}
