import FauthJSON

/// The pending credential a first-factor sign-in of an MFA user returns: base64 JSON with a marker; never expires.
struct MFAPendingCredential: Sendable, Equatable {
    /// The marker key Firebase's emulator writes.
    static let marker = "_AuthEmulatorMfaPendingCredential"
    var localId: String
    var signInProvider: String
    var projectId: String
    var tenantId: String?

    /// The encoded credential.
    var encoded: String {
        var object: JSONObject = ["localId": .string(localId)]
        object["signInProvider"] = .string(signInProvider)
        object["projectId"] = .string(projectId)
        if let tenantId { object["tenantId"] = .string(tenantId) }
        return MarkedJSONToken.encode(object, marker: Self.marker)
    }

    /// Makes a credential from its parts.
    init(localId: String, signInProvider: String, projectId: String, tenantId: String?) {
        self.localId = localId
        self.signInProvider = signInProvider
        self.projectId = projectId
        self.tenantId = tenantId
    }

    /// Decodes a credential; nil for bad base64, bad JSON or a missing marker.
    init?(decoding text: String) {
        guard let object = MarkedJSONToken.decode(text, marker: Self.marker),
            let localId = object["localId"]?.string, let provider = object["signInProvider"]?.string,
            let projectId = object["projectId"]?.string
        else { return nil }
        self.init(
            localId: localId, signInProvider: provider, projectId: projectId, tenantId: object["tenantId"]?.string)
    }
}
