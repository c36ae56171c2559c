import FauthJSON

/// `accounts:update`: change the email, password or profile of the user of an ID token, or unlink providers.
public struct UpdateAccountEndpoint: Endpoint {
    /// The user's ID token.
    public var idToken: String
    /// A new email.
    public var email: String?
    /// A new password.
    public var password: String?
    /// A new display name.
    public var displayName: String?
    /// A new photo URL.
    public var photoUrl: String?
    /// Profile attributes to delete.
    public var deleteAttribute: [AccountAttribute]
    /// Providers to unlink.
    public var deleteProvider: [String]

    /// Makes an update request; fields left nil or empty are not sent.
    public init(
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
    public static let service = Service.identityToolkitV1
    /// `accounts:update`.
    public static let path = "accounts:update"
    /// Not idempotent: it writes (and may invalidate the tokens it was sent with).
    public static let isIdempotent = false

    /// `{idToken, email?, password?, displayName?, photoUrl?, deleteAttribute?, deleteProvider?, returnSecureToken: true}`.
    public var body: JSONValue {
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
    public var secrets: [String] { [idToken, password].compactMap { $0 } }

    /// Decodes the updated profile and, when the server sent them, new tokens.
    public static func decode(_ json: JSONValue) throws(FauthError) -> UpdateAccountResponse {
        try UpdateAccountResponse(ResponseReader(json, endpoint: path))
    }
}
