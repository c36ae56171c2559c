import FauthJSON

/// The keyring items of one session file (docs/design/session.md, "Where secrets live"): fauth's schema
/// (`io.github.fauth.Session`), attributes that name the file and its backend and carry no secret, two slots so that
/// a write never replaces the item the file still names, and the secret itself, `{"idToken", "refreshToken"}`.
struct SessionKeyringItem {
    /// One of the session's two items.
    enum Slot: String {
        case a, b

        /// The slot a write fills while the file names this one.
        var other: Slot { self == .a ? .b : .a }
    }

    /// The session file's path.
    let sessionPath: String

    /// The attributes every item of the session has: `application`, `kind`, `folder` and `session` (the file).
    var attributes: [String: String] {
        let folder = SessionFolder.folder(of: sessionPath)
        return ["application": "fauth", "kind": "session", "folder": folder, "session": sessionPath]
    }

    /// The attributes of the item in `slot` for a session of `backend`; `profile` is the file's name without `.json`.
    func attributes(slot: Slot, backend: BackendIdentity) -> [String: String] {
        var attributes = self.attributes
        attributes["slot"] = slot.rawValue
        attributes["backend"] = backend.description
        let name = sessionPath.split(separator: "/").last.map(String.init) ?? sessionPath
        attributes["profile"] = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        return attributes
    }

    /// What Seahorse and `secret-tool` show: "fauth session of alice@example.com (/…/default.json)".
    func label(for session: Session) -> String {
        "fauth session of \(session.user.email ?? session.user.uid) (\(sessionPath))"
    }

    /// The item's secret: the session's tokens as one JSON object.
    static func secret(of session: Session) -> String {
        JSONValue.object(["idToken": .string(session.idToken), "refreshToken": .string(session.refreshToken)])
            .serialized()
    }

    /// `session` with the tokens of `secret`; nil when it is not what `secret(of:)` writes.
    static func session(_ session: Session, withSecret secret: String) -> Session? {
        guard let document = try? JSONValue.parse(Array(secret.utf8)),
            let idToken = document["idToken"]?.string, !idToken.isEmpty,
            let refreshToken = document["refreshToken"]?.string, !refreshToken.isEmpty
        else { return nil }
        var session = session
        session.idToken = idToken
        session.refreshToken = refreshToken
        return session
    }
}
