import FauthJSON

/// `accounts:update`: change the email, password or profile of the user of an ID token, or unlink providers.
package struct UpdateAccountEndpoint: Endpoint {
    /// The user's ID token.
    package var idToken: String
    /// A new email.
    package var email: String?
    /// A new password.
    package var password: String?
    /// A new display name.
    package var displayName: String?
    /// A new photo URL.
    package var photoUrl: String?
    /// Profile attributes to delete.
    package var deleteAttribute: [AccountAttribute]
    /// Providers to unlink.
    package var deleteProvider: [String]

    /// Makes an update request; fields left nil or empty are not sent.
    package init(
        idToken: String, email: String? = nil, password: String? = nil, displayName: String? = nil,
        photoUrl: String? = nil, deleteAttribute: [AccountAttribute] = [], deleteProvider: [String] = []
    ) {
        self.idToken = idToken
        self.email = email
        self.password = password
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.deleteAttribute = deleteAttribute
        self.deleteProvider = deleteProvider
    }

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:update`.
    package static let path = "accounts:update"
    /// Not idempotent: it writes (and may invalidate the tokens it was sent with).
    package static let isIdempotent = false

    /// `{idToken, email?, password?, displayName?, photoUrl?, deleteAttribute?, deleteProvider?, returnSecureToken: true}`.
    package var body: JSONValue {
        var object: JSONObject = ["idToken": .string(idToken)]
        object["email"] = email.map(JSONValue.string)
        object["password"] = password.map(JSONValue.string)
        object["displayName"] = displayName.map(JSONValue.string)
        object["photoUrl"] = photoUrl.map(JSONValue.string)
        if !deleteAttribute.isEmpty {
            object["deleteAttribute"] = .array(deleteAttribute.map { .string($0.rawValue) })
        }
        if !deleteProvider.isEmpty {
            object["deleteProvider"] = .array(deleteProvider.map(JSONValue.string))
        }
        object["returnSecureToken"] = true
        return .object(object)
    }

    /// The ID token and the new password, when one is sent.
    package var secrets: [String] { [idToken, password].compactMap { $0 } }

    /// Decodes the updated profile and, when the server sent them, new tokens.
    package static func decode(_ json: JSONValue) throws(FauthError) -> UpdateAccountResponse {
        try UpdateAccountResponse(ResponseReader(json, endpoint: path))
    }
}
