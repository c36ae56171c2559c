import FauthJSON

/// One passkey enrolled through Firebase's emulator's mock passkey routes (`passkeyInfo[]`): no key material, only
/// the credential id the client sent and a name.
struct PasskeyInfo: Sendable, Equatable {
    var credentialId: String
    var name: String

    /// The entry as `accounts:lookup` shows it and an export writes it.
    var json: JSONObject { ["credentialId": .string(credentialId), "name": .string(name)] }

    /// Reads an entry written by `json`; nil without a credential id.
    init?(json: JSONObject) {
        guard let credentialId = json["credentialId"]?.string else { return nil }
        self.init(credentialId: credentialId, name: json["name"]?.string ?? "")
    }

    /// Makes an entry from its parts.
    init(credentialId: String, name: String) {
        self.credentialId = credentialId
        self.name = name
    }
}
