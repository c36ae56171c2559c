#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FauthJSON

/// A signed-in user's session: what the session file holds (session.md). Never a password.
public struct Session: Sendable, Equatable {
    /// The version written into new files; files of any other version are refused.
    public static let currentVersion = 1

    /// The project settings the session was made with.
    public var project: ProjectSettings
    /// The user.
    public var user: UserRecord
    /// The Firebase ID token (a secret).
    public var idToken: String
    /// The refresh token (a secret).
    public var refreshToken: String
    /// When the ID token expires (stored to the second).
    public var expiresAt: Date
    /// The ID token's `auth_time`: when the user last proved a credential.
    public var authTime: Date?

    /// Makes a session. Dates are stored to the whole second, so pass whole seconds to compare after a round trip.
    public init(
        project: ProjectSettings, user: UserRecord, idToken: String, refreshToken: String, expiresAt: Date,
        authTime: Date? = nil
    ) {
        self.project = project
        self.user = user
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.authTime = authTime
    }

    /// The session file's document: `{"version","project","user","idToken","refreshToken","expiresAt","authTime"}`.
    public func jsonObject() -> JSONValue {
        [
            "version": .number(Double(Self.currentVersion)),
            "project": project.jsonObject(),
            "user": user.jsonObject(),
            "idToken": .string(idToken),
            "refreshToken": .string(refreshToken),
            "expiresAt": .string(ISO8601.format(expiresAt)),
            "authTime": JSONValue(optional: authTime),
        ]
    }

    /// Reads a session document strictly: an unknown version, a missing or mistyped member is an error.
    public init(json: JSONValue) throws(SessionFormatError) {
        let reader = try SessionJSONReader(json, path: "")
        let version = try reader.int("version")
        guard version == Self.currentVersion else {
            throw SessionFormatError(
                member: "version", problem: "is \(version), which this fauth does not know (it reads \(Self.currentVersion))")
        }
        self.init(
            project: try ProjectSettings(reader.reader("project")), user: try UserRecord(reader.reader("user")),
            idToken: try reader.string("idToken", allowingEmpty: false),
            refreshToken: try reader.string("refreshToken", allowingEmpty: false),
            expiresAt: try reader.date("expiresAt"), authTime: try reader.optionalDate("authTime"))
    }
}
