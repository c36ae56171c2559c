import FauthJSON

/// A profile's pending second-factor file beside the session and under the session's lock: `<session file>.mfa-pending`
/// for a sign-in or reauthentication, `<session file>.mfa-enrollment` for an enrollment, so that neither replaces the
/// other. The same rules as the session file (0600, atomic replace, checked folders, no links, strict format), a
/// format of its own, and its secrets (the pending credential, the session info) where the session's go: in the
/// file (`version` 1), or in a keyring item of the session the file names (`version` 2), written in the same
/// crash-safe order. A step past its expiry reads as none (and is removed by the next locked writer).
package struct PendingSecondFactorFile {
    /// Which kind of step a file holds.
    package enum Kind: CaseIterable, Sendable {
        /// A sign-in or reauthentication stopped at its second factor.
        case signIn
        /// A started enrollment.
        case enrollment

        /// The kind that holds steps of `purpose`.
        init(_ purpose: PendingSecondFactor.Purpose) {
            self = purpose == .enroll ? .enrollment : .signIn
        }

        /// The suffix added to the session file's path.
        package var suffix: String { self == .signIn ? ".mfa-pending" : ".mfa-enrollment" }
    }

    /// The file itself, checked, written and removed as a session file is.
    let file: SessionFile

    /// The pending file of `kind` of the session file at `sessionPath`, its secrets written where `storage` says.
    package init(sessionPath: String, anchor: String? = nil, kind: Kind, storage: SecretStorage) {
        file = SessionFile(
            path: sessionPath + kind.suffix, anchor: anchor,
            label: kind == .signIn ? "pending second-factor file" : "pending enrollment file", storage: storage,
            item: SessionKeyringItem(
                sessionPath: sessionPath, kind: kind == .signIn ? .pendingSignIn : .pendingEnrollment))
    }

    /// Every pending file of the session file at `sessionPath`.
    package static func all(sessionPath: String, anchor: String? = nil, storage: SecretStorage)
        -> [PendingSecondFactorFile]
    {
        Kind.allCases.map {
            PendingSecondFactorFile(sessionPath: sessionPath, anchor: anchor, kind: $0, storage: storage)
        }
    }

    /// The file's path.
    package var path: String { file.path }

    /// The pending step, nil when there is none; a damaged or unsafe file → `session-store-error`; a keyring that
    /// cannot give the secrets the file names → `keychain-error`.
    /// An expired step is returned as it is: the caller tells expired from missing.
    package func read() throws -> PendingSecondFactor? {
        guard let (document, _) = try file.readDocument() else { return nil }
        let stored: StoredPendingSecondFactor
        do {
            stored = try StoredPendingSecondFactor(document: document)
        } catch {
            throw file.refusal("is not a valid fauth pending second-factor file: \(error.description)")
        }
        guard let slot = stored.slot else { return stored.pending }
        guard let secret = try file.secret(in: slot, backend: stored.pending.project.target),
            let pending = StoredPendingSecondFactor.pending(stored.pending, withSecret: secret)
        else {
            throw FauthError(
                .keychainError,
                message: "The keyring holds no secrets for the \(file.label) \(path) (removed with Seahorse or "
                    + "secret-tool?): run the first step again.")
        }
        return pending
    }

    /// Replaces the file atomically (0600) with `pending`, its secrets in it or in the keyring.
    package func write(_ pending: PendingSecondFactor) throws {
        let stored = StoredPendingSecondFactor(pending)
        try file.write(
            SessionFile.SecretDocument(
                whole: stored.bytes(), secret: stored.secret, backend: pending.project.target,
                label: file.item.label(for: pending.email ?? pending.uid ?? pending.providerId),
                naming: { StoredPendingSecondFactor(pending, slot: $0).bytes() }))
    }

    /// Removes the file, its keyring items and its orphaned temporary files; returns whether there was a file.
    @discardableResult
    package func remove() throws -> Bool {
        file.removeOrphanedTemporaryFiles()
        return try file.remove()
    }
}

/// The pending file's document: format version 1, `{"version", "purpose", "project", "expiresAt",
/// "pendingCredential", "factors", "providerId", "email", "uid", "isNewUser", "sessionInfo", "codeSentTo"}`; or, its
/// secrets in the keyring, version 2: without `pendingCredential` and `sessionInfo`, with `"secrets": {"store":
/// "keyring", "slot": "a"|"b"}` naming the item whose secret is `{"pendingCredential", "sessionInfo"}`.
struct StoredPendingSecondFactor {
    /// The step (its secrets empty when they are in the keyring).
    var pending: PendingSecondFactor
    /// The keyring item holding the secrets, nil when they are in the document.
    var slot: SessionKeyringItem.Slot?

    init(_ pending: PendingSecondFactor, slot: SessionKeyringItem.Slot? = nil) {
        self.pending = pending
        self.slot = slot
    }

    /// The secrets, as the keyring item keeps them.
    var secret: String {
        JSONValue.object([
            "pendingCredential": .string(pending.pendingCredential),
            "sessionInfo": JSONValue(optional: pending.sessionInfo),
        ]).serialized()
    }

    /// `pending` with the secrets of `secret`; nil when it is not what `secret` writes.
    static func pending(_ pending: PendingSecondFactor, withSecret secret: String) -> PendingSecondFactor? {
        guard let document = try? JSONValue.parse(Array(secret.utf8)),
            let pendingCredential = document["pendingCredential"]?.string
        else { return nil }
        var pending = pending
        pending.pendingCredential = pendingCredential
        pending.sessionInfo = document["sessionInfo"]?.string
        return pending
    }

    /// The file's bytes: the document, pretty-printed, with a final newline.
    func bytes() -> [UInt8] {
        var document: JSONObject = [
            "version": .number(slot == nil ? 1 : 2),
            "purpose": .string(pending.purpose.rawValue),
            "project": StoredSessionV1.document(pending.project),
            "expiresAt": .string(ISO8601.format(pending.expiresAt)),
            "pendingCredential": .string(pending.pendingCredential),
            "factors": .array(pending.factors.map(Self.document)),
            "providerId": .string(pending.providerId),
            "email": JSONValue(optional: pending.email),
            "uid": JSONValue(optional: pending.uid),
            "isNewUser": .bool(pending.isNewUser),
            "sessionInfo": JSONValue(optional: pending.sessionInfo),
            "codeSentTo": JSONValue(optional: pending.codeSentTo),
        ]
        if let slot {
            document["pendingCredential"] = nil
            document["sessionInfo"] = nil
            document["secrets"] = ["store": "keyring", "slot": .string(slot.rawValue)]
        }
        return Array((JSONValue.object(document).serialized(pretty: true) + "\n").utf8)
    }

    /// Reads a document of version 1 or 2 strictly.
    init(document: JSONValue) throws(SessionFormatError) {
        let reader = try SessionJSONReader(document, path: "")
        let version = try reader.int("version")
        guard version == 1 || version == 2 else {
            throw SessionFormatError(
                member: "version", problem: "is \(version), which this fauth does not know (it reads 1 and 2)")
        }
        var slot: SessionKeyringItem.Slot?
        if version == 2 {
            let secrets = try reader.reader("secrets")
            guard try secrets.string("store") == "keyring" else {
                throw SessionFormatError(member: "secrets.store", problem: "must be keyring")
            }
            slot = SessionKeyringItem.Slot(rawValue: try secrets.string("slot"))
            guard slot != nil else { throw SessionFormatError(member: "secrets.slot", problem: "must be a or b") }
        }
        guard let purpose = PendingSecondFactor.Purpose(rawValue: try reader.string("purpose")) else {
            throw SessionFormatError(member: "purpose", problem: "must be signin, reauth or enroll")
        }
        var factors: [MFAEnrollment] = []
        for factor in try reader.readers("factors") {
            factors.append(
                MFAEnrollment(
                    enrollmentId: try factor.string("uid"), displayName: try factor.optionalString("displayName"),
                    phoneNumber: try factor.optionalString("phoneNumber"),
                    isTOTP: try factor.string("factorId") == "totp",
                    enrolledAt: try factor.optionalString("enrolledAt")))
        }
        self.init(
            PendingSecondFactor(
                purpose: purpose, project: try StoredSessionV1.project(reader.reader("project")),
                expiresAt: try reader.date("expiresAt"),
                pendingCredential: version == 1 ? try reader.string("pendingCredential") : "",
                factors: factors, providerId: try reader.string("providerId"),
                email: try reader.optionalString("email"),
                uid: try reader.optionalString("uid"), isNewUser: try reader.bool("isNewUser"),
                sessionInfo: version == 1 ? try reader.optionalString("sessionInfo") : nil,
                codeSentTo: try reader.optionalString("codeSentTo")),
            slot: slot)
    }

    /// A factor as the file keeps it: `{"uid", "factorId", "displayName", "phoneNumber", "enrolledAt"}`, the phone
    /// number masked.
    private static func document(_ factor: MFAEnrollment) -> JSONValue {
        [
            "uid": .string(factor.enrollmentId),
            "factorId": .string(factor.factorId),
            "displayName": JSONValue(optional: factor.displayName),
            "phoneNumber": JSONValue(optional: factor.maskedPhoneNumber),
            "enrolledAt": JSONValue(optional: factor.enrolledAt),
        ]
    }
}
