import FauthJSON

/// `GET /v2/passwordPolicy`: the project's (or tenant's) password policy.
package struct PasswordPolicyEndpoint: Endpoint {
    /// Makes the request.
    package init() {}

    /// Identity Toolkit v2.
    package static let service = Service.identityToolkitV2
    /// `passwordPolicy`.
    package static let path = "passwordPolicy"
    /// A read: `GET`, with the tenant in the query.
    package static let method = "GET"
    /// Idempotent: it only reads.
    package static let isIdempotent = true

    /// No body (a `GET`).
    package var body: JSONValue { [:] }

    /// None: the request has no body.
    package var secrets: [String] { [] }

    /// Decodes the policy object; one without a numeric `schemaVersion` is not a policy.
    package static func decode(_ json: JSONValue) throws(FauthError) -> PasswordPolicy {
        guard let object = json.object, object["schemaVersion"]?.int != nil else {
            throw ResponseReader.malformed(path, "the answer is not a password policy (no schemaVersion)")
        }
        return PasswordPolicy(json: object)
    }
}
