import FauthJSON

/// `accounts:lookup`: the account of an ID token.
package struct LookupEndpoint: Endpoint {
    /// The user's ID token.
    package var idToken: String

    /// Makes a lookup request.
    package init(idToken: String) {
        self.idToken = idToken
    }

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:lookup`.
    package static let path = "accounts:lookup"
    /// Idempotent: it only reads.
    package static let isIdempotent = true

    /// `{idToken}`.
    package var body: JSONValue {
        ["idToken": .string(idToken)]
    }

    /// The ID token.
    package var secrets: [String] { [idToken] }

    /// Decodes the one user of `users`; no `users`, or not exactly one, is an unexpected response (`internal-error`,
    /// as in Firebase's SDKs): a user that is gone is a 400 `USER_NOT_FOUND`, never a 200.
    package static func decode(_ json: JSONValue) throws(FauthError) -> LookupResponse {
        let reader = try ResponseReader(json, endpoint: path)
        let users = try reader.objects("users")
        guard users.count == 1 else {
            throw ResponseReader.malformed(path, "\(users.count) users instead of one")
        }
        return LookupResponse(user: try AccountInfo.read(users[0]))
    }
}
