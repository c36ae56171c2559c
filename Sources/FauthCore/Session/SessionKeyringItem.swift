import FauthJSON

/// The keyring items of one session file (docs/design/session.md, "Where secrets live"): fauth's schema
/// (`io.github.fauth.Session`), attributes that name the session file, what the item holds and its backend and carry
/// no secret, two slots so that a write never replaces the item the file still names, and the secret itself, one
/// JSON object (`{"idToken", "refreshToken"}` for the session's tokens).
struct SessionKeyringItem {
    /// One of the two items of a kind.
    enum Slot: String {
        case a, b

        /// The slot a write fills while the file names this one.
        var other: Slot { self == .a ? .b : .a }
    }

    /// What an item holds, its `kind` attribute: the session's tokens, or the secrets of a pending second-factor step
    /// (the pending file's suffix without its dot).
    enum Kind: String {
        case session
        case pendingSignIn = "mfa-pending"
        case pendingEnrollment = "mfa-enrollment"
    }

    /// The session file's path.
    let sessionPath: String
    /// What the item holds.
    var kind: Kind = .session

    /// The attributes every item of fauth's sessions `folder` has: `application` and `folder`.
    static func folderAttributes(_ folder: String) -> [String: String] {
        ["application": "fauth", "folder": folder]
    }

    /// The attributes every item of the session has, of every kind: those of its folder and `session` (the file).
    var sessionAttributes: [String: String] {
        Self.folderAttributes(SessionFolder.folder(of: sessionPath)).merging(["session": sessionPath]) { $1 }
    }

    /// The attributes every item of this kind of the session has: the session's and `kind`.
    var attributes: [String: String] {
        sessionAttributes.merging(["kind": kind.rawValue]) { $1 }
    }

    /// The attributes of the item in `slot` for `backend`; `profile` is the session file's name without `.json`.
    func attributes(slot: Slot, backend: BackendTarget) -> [String: String] {
        var attributes = self.attributes
        attributes["slot"] = slot.rawValue
        attributes["backend"] = backend.description
        let name = sessionPath.split(separator: "/").last.map(String.init) ?? sessionPath
        attributes["profile"] = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        return attributes
    }

    /// What Seahorse and `secret-tool` show: "fauth session of alice@example.com (/…/default.json)", or "fauth pending
    /// second factor of …" / "fauth pending enrollment of …".
    func label(for who: String) -> String {
        let what =
            switch kind {
            case .session: "session"
            case .pendingSignIn: "pending second factor"
            case .pendingEnrollment: "pending enrollment"
            }
        return "fauth \(what) of \(who) (\(sessionPath))"
    }

    /// The session's item secret: its tokens as one JSON object.
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

    /// The slot a document with its secrets in the keyring names (`"secrets": {"store": "keyring", "slot"}`), nil for
    /// a document that keeps its secrets.
    static func slot(of document: JSONValue) -> Slot? {
        guard document["secrets"]?["store"] == "keyring" else { return nil }
        return document["secrets"]?["slot"]?.string.flatMap(Slot.init(rawValue:))
    }
}
