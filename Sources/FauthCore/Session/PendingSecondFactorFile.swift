import FauthJSON

/// A profile's pending second-factor file beside the session and under the session's lock: `<session file>.mfa-pending`
/// for a sign-in or reauthentication, `<session file>.mfa-enrollment` for an enrollment, so that neither replaces the
/// other. The same rules as the session file (0600, atomic replace, checked folders, no links, strict format), a
/// format of its own (`version` 1). A step past its expiry reads as none (and is removed by the next locked writer).
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

    /// The pending file of `kind` of the session file at `sessionPath`.
    package init(sessionPath: String, anchor: String? = nil, kind: Kind) {
        file = SessionFile(
            path: sessionPath + kind.suffix, anchor: anchor,
            label: kind == .signIn ? "pending second-factor file" : "pending enrollment file",
            storage: .fileOnly(timeout: 0))
    }

    /// Every pending file of the session file at `sessionPath`.
    package static func all(sessionPath: String, anchor: String? = nil) -> [PendingSecondFactorFile] {
        Kind.allCases.map { PendingSecondFactorFile(sessionPath: sessionPath, anchor: anchor, kind: $0) }
    }

    /// The file's path.
    package var path: String { file.path }

    /// The pending step, nil when there is none; a damaged or unsafe file → `session-store-error`.
    /// An expired step is returned as it is: the caller tells expired from missing.
    package func read() throws -> PendingSecondFactor? {
        guard let (bytes, _) = try file.readCheckedBytes() else { return nil }
        do {
            return try StoredPendingSecondFactorV1(document: JSONValue.parse(bytes)).pending
        } catch let error as SessionFormatError {
            throw file.refusal("is not a valid fauth pending second-factor file: \(error.description)")
        } catch {
            throw file.refusal("is not valid JSON (\(error))")
        }
    }

    /// Replaces the file atomically (0600) with `pending`.
    package func write(_ pending: PendingSecondFactor) throws {
        try file.replaceContents(with: StoredPendingSecondFactorV1(pending).bytes())
    }

    /// Removes the file and its orphaned temporary files; returns whether there was one.
    @discardableResult
    package func remove() throws -> Bool {
        file.removeOrphanedTemporaryFiles()
        return try file.remove()
    }
}

/// The pending file's document, format version 1: `{"version", "purpose", "project", "expiresAt",
/// "pendingCredential", "factors", "providerId", "email", "uid", "isNewUser", "sessionInfo", "codeSentTo"}`.
struct StoredPendingSecondFactorV1 {
    static let version = 1
    var pending: PendingSecondFactor

    init(_ pending: PendingSecondFactor) {
        self.pending = pending
    }

    func bytes() -> [UInt8] {
        let document: JSONValue = [
            "version": .number(Double(Self.version)),
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
        return Array((document.serialized(pretty: true) + "\n").utf8)
    }

    init(document: JSONValue) throws(SessionFormatError) {
        let reader = try SessionJSONReader(document, path: "")
        let version = try reader.int("version")
        guard version == Self.version else {
            throw SessionFormatError(
                member: "version", problem: "is \(version), which this fauth does not know (it reads \(Self.version))")
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
                expiresAt: try reader.date("expiresAt"), pendingCredential: try reader.string("pendingCredential"),
                factors: factors, providerId: try reader.string("providerId"),
                email: try reader.optionalString("email"),
                uid: try reader.optionalString("uid"), isNewUser: try reader.bool("isNewUser"),
                sessionInfo: try reader.optionalString("sessionInfo"),
                codeSentTo: try reader.optionalString("codeSentTo")))
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
