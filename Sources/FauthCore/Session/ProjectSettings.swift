import FauthJSON

/// The project settings a session was made with, so later commands need no flags.
public struct ProjectSettings: Sendable, Equatable {
    /// The Web API key.
    public var apiKey: String?
    /// The emulator `HOST:PORT`, when the session belongs to an emulator.
    public var emulatorHost: String?
    /// The production base URL override (`--endpoint`), when the session was made through one.
    public var endpoint: String?
    /// The tenant the user belongs to.
    public var tenantId: String?
    /// The Firebase project id, when known.
    public var projectId: String?

    /// Makes project settings.
    public init(
        apiKey: String? = nil, emulatorHost: String? = nil, endpoint: String? = nil, tenantId: String? = nil,
        projectId: String? = nil
    ) {
        self.apiKey = apiKey
        self.emulatorHost = emulatorHost
        self.endpoint = endpoint
        self.tenantId = tenantId
        self.projectId = projectId
    }

    /// `{"apiKey","emulatorHost","endpoint","tenantId","projectId"}`, null when absent.
    public func jsonObject() -> JSONValue {
        [
            "apiKey": JSONValue(optional: apiKey),
            "emulatorHost": JSONValue(optional: emulatorHost),
            "endpoint": JSONValue(optional: endpoint),
            "tenantId": JSONValue(optional: tenantId),
            "projectId": JSONValue(optional: projectId),
        ]
    }

    /// Reads the object `jsonObject()` writes; every member may be null or absent.
    public init(json: JSONValue) throws(SessionFormatError) {
        try self.init(SessionJSONReader(json, path: "project"))
    }

    init(_ reader: SessionJSONReader) throws(SessionFormatError) {
        self.init(
            apiKey: try reader.optionalString("apiKey"), emulatorHost: try reader.optionalString("emulatorHost"),
            endpoint: try reader.optionalString("endpoint"), tenantId: try reader.optionalString("tenantId"), projectId: try reader.optionalString("projectId"))
    }
}
