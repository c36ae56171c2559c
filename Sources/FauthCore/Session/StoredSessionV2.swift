import FauthJSON

/// The session file's document, format version 2 (docs/design/session.md): version 1's members without `idToken` and
/// `refreshToken`, which are in the keyring item `secrets` names: `{"version": 2, …, "secrets": {"store": "keyring",
/// "slot": "a"|"b"}}`. Written only when the secrets are in the keyring, so that a file session stays version 1.
struct StoredSessionV2 {
    /// The `version` member of this format.
    static let version = 2

    /// The session, its tokens empty: they are the item's.
    var session: Session
    /// Which of the session's two keyring items holds its tokens (a write fills the other, then names it here).
    var slot: SessionKeyringItem.Slot

    init(_ session: Session, slot: SessionKeyringItem.Slot) {
        self.session = session
        self.slot = slot
    }

    /// The file's bytes: the document, pretty-printed, with a final newline.
    func bytes() -> [UInt8] {
        guard case .object(var document) = StoredSessionV1(session).document() else { return [] }
        document["version"] = .number(Double(Self.version))
        document["idToken"] = nil
        document["refreshToken"] = nil
        document["secrets"] = ["store": "keyring", "slot": .string(slot.rawValue)]
        return Array((JSONValue.object(document).serialized(pretty: true) + "\n").utf8)
    }

    /// Reads a document strictly, as version 1 is read; the session's tokens are left empty.
    init(document: JSONValue) throws(SessionFormatError) {
        let reader = try SessionJSONReader(document, path: "")
        let version = try reader.int("version")
        guard version == Self.version else {
            throw SessionFormatError(member: "version", problem: "is \(version), not \(Self.version)")
        }
        let secrets = try reader.reader("secrets")
        guard try secrets.string("store") == "keyring" else {
            throw SessionFormatError(member: "secrets.store", problem: "must be keyring")
        }
        guard let slot = SessionKeyringItem.Slot(rawValue: try secrets.string("slot")) else {
            throw SessionFormatError(member: "secrets.slot", problem: "must be a or b")
        }
        self.init(try StoredSessionV1.session(reader, idToken: "", refreshToken: ""), slot: slot)
    }
}
