import FauthJSON

/// Google's published certificates for one kind of token (`{kid: PEM certificate}`), with when they were fetched
/// and how long they may be used: the answer's `Cache-Control: max-age`, as the Admin SDKs cache them.
package struct PublicKeyDocument: Sendable, Equatable {
    /// Where the document was fetched.
    package let url: String
    /// The certificates by key id.
    package let certificates: [String: String]
    /// When it was fetched, in Unix seconds.
    package let fetchedAt: Double
    /// For how many seconds after `fetchedAt` it may be used.
    package let maxAge: Double

    /// The most keys a document may hold (Google publishes two or three).
    static let maximumKeys = 32
    /// The longest certificate read (Google's are about 1.2 KB).
    static let maximumCertificateLength = 16_384
    /// The longest a document is kept, whatever its `max-age` says: a day.
    static let maximumMaxAge: Double = 86_400

    /// A document from its parts.
    package init(url: String, certificates: [String: String], fetchedAt: Double, maxAge: Double) {
        self.url = url
        self.certificates = certificates
        self.fetchedAt = fetchedAt
        self.maxAge = maxAge
    }

    /// The document an answer carries: a JSON object of key ids to PEM certificates, `max-age` from
    /// `Cache-Control` (0, never cached, when absent or `no-store`/`no-cache`); nil when the body has another shape.
    init?(url: String, body: [UInt8], cacheControl: String?, fetchedAt: Double) {
        guard let object = (try? JSONValue.parse(body))?.object, let certificates = Self.certificates(object) else {
            return nil
        }
        self.init(
            url: url, certificates: certificates, fetchedAt: fetchedAt, maxAge: Self.maxAge(cacheControl: cacheControl))
    }

    /// `{kid: PEM}` read from an object, each bounded; nil for anything else.
    static func certificates(_ object: JSONObject) -> [String: String]? {
        guard object.count <= maximumKeys else { return nil }
        var certificates: [String: String] = [:]
        for (kid, value) in object {
            guard let pem = value.string, pem.utf8.count <= maximumCertificateLength, kid.utf8.count <= 256 else {
                return nil
            }
            certificates[kid] = pem
        }
        return certificates
    }

    /// The seconds of `max-age` in a `Cache-Control` value, at most a day; 0 when absent, malformed, or when the
    /// value says `no-store` or `no-cache`.
    static func maxAge(cacheControl: String?) -> Double {
        guard let cacheControl else { return 0 }
        var seconds: Double = 0
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts[0].trimmingHTTPWhitespace().lowercased()
            if name == "no-store" || name == "no-cache" { return 0 }
            if name == "max-age", parts.count == 2, let value = Int(parts[1].trimmingHTTPWhitespace()), value >= 0 {
                seconds = min(Double(value), maximumMaxAge)
            }
        }
        return seconds
    }

    /// Whether the document may still be used at `now`.
    func isFresh(at now: Double) -> Bool {
        now >= fetchedAt && now - fetchedAt < maxAge
    }
}
