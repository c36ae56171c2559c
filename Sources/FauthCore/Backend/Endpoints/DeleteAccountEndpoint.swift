import FauthJSON

/// `accounts:delete`: delete the account of an ID token.
package struct DeleteAccountEndpoint: Endpoint {
    /// The user's ID token.
    package var idToken: String

    /// Makes a delete request.
    package init(idToken: String) {
        self.idToken = idToken
    }

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:delete`.
    package static let path = "accounts:delete"
    /// Not retried: a repeat after a lost answer would report `user-not-found` for a deletion that succeeded.
    package static let isIdempotent = false

    /// `{idToken}`.
    package var body: JSONValue {
        ["idToken": .string(idToken)]
    }

    /// The ID token.
    package var secrets: [String] { [idToken] }

    /// Accepts any JSON object.
    package static func decode(_ json: JSONValue) throws(FauthError) -> DeleteAccountResponse {
        _ = try ResponseReader(json, endpoint: path)
        return DeleteAccountResponse()
    }
}
