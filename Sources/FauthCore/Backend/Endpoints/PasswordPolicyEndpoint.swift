import FauthJSON

/// `GET /v2/passwordPolicy`: the project's (or tenant's) password policy.
public struct PasswordPolicyEndpoint: Endpoint {
    /// Makes the request.
    public init() {}

    /// Identity Toolkit v2.
    public static let service = Service.identityToolkitV2
    /// `passwordPolicy`.
    public static let path = "passwordPolicy"
    /// A read: `GET`, with the tenant in the query.
    public static let method = "GET"
    /// Idempotent: it only reads.
    public static let isIdempotent = true

    /// No body (a `GET`).
    public var body: JSONValue { [:] }

    /// None: the request has no body.
    public var secrets: [String] { [] }

    /// Decodes the policy object; one without a numeric `schemaVersion` is not a policy.
    public static func decode(_ json: JSONValue) throws(FauthError) -> PasswordPolicy {
        guard let object = json.object, object["schemaVersion"]?.int != nil else {
            throw ResponseReader.malformed(path, "the answer is not a password policy (no schemaVersion)")
        }
        return PasswordPolicy(json: object)
    }
}
