import FauthJSON

/// `accounts:createAuthUri`: the sign-in methods an email can use.
package struct CreateAuthUriEndpoint: Endpoint {
    /// The email asked about.
    package var identifier: String

    /// Makes a request about `identifier`.
    package init(identifier: String) {
        self.identifier = identifier
    }

    /// The `continueUri` sent (required by the server, unused by fauth).
    package static let continueUri = "http://localhost"

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:createAuthUri`.
    package static let path = "accounts:createAuthUri"
    /// Idempotent: it only reads.
    package static let isIdempotent = true

    /// `{identifier, continueUri: "http://localhost"}`.
    package var body: JSONValue {
        ["identifier": .string(identifier), "continueUri": .string(Self.continueUri)]
    }

    /// None: an email is not a secret.
    package var secrets: [String] { [] }

    /// Decodes the sign-in methods (none when absent, e.g. with email enumeration protection on).
    package static func decode(_ json: JSONValue) throws(FauthError) -> CreateAuthUriResponse {
        let reader = try ResponseReader(json, endpoint: path)
        return CreateAuthUriResponse(
            registered: try reader.bool("registered"), signinMethods: try reader.strings("signinMethods"),
            isHidden: json["registered"] == nil && json["signinMethods"] == nil)
    }
}
