/// Checks a production endpoint override (`--endpoint`, `FAUTH_ENDPOINT`): the base URL that replaces both
/// `https://identitytoolkit.googleapis.com` and `https://securetoken.googleapis.com` (their paths never collide:
/// Secure Token is `/v1/token`, Identity Toolkit `/v1/accounts…`, `/v1/projects…`, `/v2/…`).
package enum ProductionEndpoint {
    /// `text` without trailing slashes when it is `https://HOST[:PORT][/PATH]` (or `http://` to this machine);
    /// otherwise a `usage` error naming `source`.
    package static func validated(_ text: String, source: InputSource) throws -> String {
        var base = Substring(text)
        while base.hasSuffix("/") { base = base.dropLast() }
        let lowered = base.lowercased()
        let scheme = lowered.hasPrefix("https://") ? "https" : lowered.hasPrefix("http://") ? "http" : nil
        guard let scheme else {
            throw problem(text, source, "is not an https:// URL")
        }
        let rest = base.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" }
        guard !rest.contains("?"), !rest.contains("#"), !authority.contains("@"),
            !rest.contains(where: { $0.isWhitespace || !$0.isASCII })
        else {
            throw problem(text, source, "must be scheme://host[:port][/path], without user, query or fragment")
        }
        guard let (host, _) = URLParts.split(authority: authority) else {
            throw problem(text, source, "has no valid host and port")
        }
        if scheme == "http", LoopbackHost.addresses(of: host) == nil {
            throw problem(
                text, source, "is plain http to another machine (tokens would travel unencrypted); use https://")
        }
        return String(base)
    }

    private static func problem(_ text: String, _ source: InputSource, _ what: String) -> FauthError {
        source.invalid("'\(text)' \(what)")
    }
}
