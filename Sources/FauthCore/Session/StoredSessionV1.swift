import FauthJSON

/// The session file's document, format version 1 (docs/design/session.md): the stored schema, written and read here
/// only, so that the `--json` output shapes (`UserProfile.jsonObject()`, `ProviderInfo.jsonObject()`) can change
/// without changing a byte of the file. A change to this format is a new version, with its own type.
package struct StoredSessionV1: Sendable, Equatable {
    /// The `version` member of this format.
    package static let version = 1

    /// The session the document holds.
    package var session: Session

    /// The document for `session`.
    package init(_ session: Session) {
        self.session = session
    }

    /// `{"version": 1, "project", "user", "idToken", "refreshToken", "expiresAt", "authTime"}`.
    package func document() -> JSONValue {
        [
            "version": .number(Double(Self.version)),
            "project": Self.document(session.project),
            "user": Self.document(session.user),
            "idToken": .string(session.idToken),
            "refreshToken": .string(session.refreshToken),
            "expiresAt": .string(ISO8601.format(session.expiresAt)),
            "authTime": JSONValue(optional: session.authTime),
        ]
    }

    /// The file's bytes: the document, pretty-printed, with a final newline.
    package func bytes() -> [UInt8] {
        Array((document().serialized(pretty: true) + "\n").utf8)
    }

    /// Reads a document strictly: another version, a missing or mistyped member is an error naming the member.
    package init(document: JSONValue) throws(SessionFormatError) {
        let reader = try SessionJSONReader(document, path: "")
        let version = try reader.int("version")
        guard version == Self.version else {
            throw SessionFormatError(
                member: "version",
                problem: "is \(version), which this fauth does not know (it reads \(Self.version) and "
                    + "\(StoredSessionV2.version))")
        }
        var session = try Self.session(reader, idToken: "", refreshToken: "")
        session.idToken = try reader.string("idToken", allowingEmpty: false)
        session.refreshToken = try reader.string("refreshToken", allowingEmpty: false)
        self.init(session)
    }

    /// The session a document's members other than the tokens describe, with these tokens (version 2 reads its
    /// document with this too).
    static func session(_ reader: SessionJSONReader, idToken: String, refreshToken: String) throws(SessionFormatError)
        -> Session
    {
        Session(
            project: try project(reader.reader("project")), user: try user(reader.reader("user")), idToken: idToken,
            refreshToken: refreshToken, expiresAt: try reader.date("expiresAt"),
            authTime: try reader.optionalDate("authTime"))
    }

    // MARK: Members

    /// `{"apiKey","emulatorHost","endpoint","tenantId","projectId","deviceClients"}`, null when absent; except
    /// `endpoint` and `deviceClients` (`{providerId: {"clientId", "issuer"}}`), added to version 1 after its release,
    /// which are written only when set, so that a file without one is rewritten
    /// byte for byte (and older fauths, which ignore members they do not know, still read every file). The target's
    /// server is one of `emulatorHost` and `endpoint` (neither: Google's); an emulator used without a key stores the
    /// key sent in its place, `BackendTarget.emulatorPlaceholderAPIKey`, as every fauth has.
    static func document(_ project: ProjectSettings) -> JSONValue {
        let target = project.target
        let apiKey =
            target.apiKey ?? (target.server.emulatorHost != nil ? BackendTarget.emulatorPlaceholderAPIKey : nil)
        var document: JSONObject = [
            "apiKey": JSONValue(optional: apiKey),
            "emulatorHost": JSONValue(optional: target.server.emulatorHost),
        ]
        document["endpoint"] = target.server.endpoint.map(JSONValue.string)
        document["tenantId"] = JSONValue(optional: target.tenantId)
        document["projectId"] = JSONValue(optional: target.projectId)
        if !project.deviceClients.isEmpty {
            var clients = JSONObject()
            for (providerId, client) in project.deviceClients.sorted(by: { $0.key < $1.key }) {
                var settings: JSONObject = ["clientId": .string(client.clientId)]
                settings["issuer"] = client.issuer.map(JSONValue.string)
                clients[providerId] = .object(settings)
            }
            document["deviceClients"] = .object(clients)
        }
        return .object(document)
    }

    /// Every member may be null or absent; a file naming both an emulator and an endpoint (which fauth never
    /// writes) belongs to the emulator.
    static func project(_ reader: SessionJSONReader) throws(SessionFormatError) -> ProjectSettings {
        var deviceClients: [String: DeviceClientSettings] = [:]
        if let value = reader.object["deviceClients"], value != .null {
            let clients = try SessionJSONReader(value, path: reader.memberPath("deviceClients"))
            for providerId in clients.object.keys {
                let client = try clients.reader(providerId)
                deviceClients[providerId] = DeviceClientSettings(
                    clientId: try client.string("clientId", allowingEmpty: false),
                    issuer: try client.optionalString("issuer"))
            }
        }
        let apiKey = try reader.optionalString("apiKey")
        let server = BackendTarget.Server(
            emulatorHost: try reader.optionalString("emulatorHost"), endpoint: try reader.optionalString("endpoint"))
        let tenantId = try reader.optionalString("tenantId")
        let target = BackendTarget(
            server: server, projectId: try reader.optionalString("projectId"), apiKey: apiKey, tenantId: tenantId)
        return ProjectSettings(target: target, deviceClients: deviceClients)
    }

    /// Every member written, null when absent; dates ISO-8601 UTC.
    private static func document(_ user: UserProfile) -> JSONValue {
        [
            "uid": .string(user.uid),
            "email": JSONValue(optional: user.email),
            "emailVerified": .bool(user.emailVerified),
            "displayName": JSONValue(optional: user.displayName),
            "photoURL": JSONValue(optional: user.photoURL),
            "phoneNumber": JSONValue(optional: user.phoneNumber),
            "isAnonymous": .bool(user.isAnonymous),
            "tenantId": JSONValue(optional: user.tenantId),
            "providers": .array(user.providers.map(document)),
            "createdAt": JSONValue(optional: user.createdAt),
            "lastSignInAt": JSONValue(optional: user.lastSignInAt),
        ]
    }

    /// `uid`, `emailVerified`, `isAnonymous` and `providers` are required.
    private static func user(_ reader: SessionJSONReader) throws(SessionFormatError) -> UserProfile {
        var providers: [ProviderInfo] = []
        for providerReader in try reader.readers("providers") {
            providers.append(try provider(providerReader))
        }
        return UserProfile(
            uid: try reader.string("uid", allowingEmpty: false), email: try reader.optionalString("email"),
            emailVerified: try reader.bool("emailVerified"), displayName: try reader.optionalString("displayName"),
            photoURL: try reader.optionalString("photoURL"), phoneNumber: try reader.optionalString("phoneNumber"),
            isAnonymous: try reader.bool("isAnonymous"), tenantId: try reader.optionalString("tenantId"),
            providers: providers, createdAt: try reader.optionalDate("createdAt"),
            lastSignInAt: try reader.optionalDate("lastSignInAt"))
    }

    /// `{"providerId","uid","email","displayName","photoURL","phoneNumber"}`, null when absent.
    private static func document(_ provider: ProviderInfo) -> JSONValue {
        [
            "providerId": .string(provider.providerId),
            "uid": JSONValue(optional: provider.uid),
            "email": JSONValue(optional: provider.email),
            "displayName": JSONValue(optional: provider.displayName),
            "photoURL": JSONValue(optional: provider.photoURL),
            "phoneNumber": JSONValue(optional: provider.phoneNumber),
        ]
    }

    /// `providerId` is required.
    private static func provider(_ reader: SessionJSONReader) throws(SessionFormatError) -> ProviderInfo {
        ProviderInfo(
            providerId: try reader.string("providerId", allowingEmpty: false), uid: try reader.optionalString("uid"),
            email: try reader.optionalString("email"), displayName: try reader.optionalString("displayName"),
            photoURL: try reader.optionalString("photoURL"), phoneNumber: try reader.optionalString("phoneNumber"))
    }
}
