import FauthJSON

/// The JSON schema of a route's `200` answer body, declared with the route and published in `/emulator/openapi.json`:
/// which members an answer has, their types, and which are always present. An object admits no other member.
indirect enum AnswerSchema: Sendable {
    /// A string (int64 and timestamp values are strings too).
    case string
    /// A boolean.
    case boolean
    /// An integer.
    case integer
    /// A number that may have a fraction (a double such as `passwordUpdatedAt`; the device flow's polling interval).
    case number
    /// An array of one element schema.
    case array(AnswerSchema)
    /// An object whose `required` members are always present and `optional` ones sometimes; no other member.
    case object(required: [String: AnswerSchema], optional: [String: AnswerSchema] = [:])
    /// An object whose every member has one schema (`additionalProperties`), e.g. a map of strings.
    case map(AnswerSchema)
    /// Any JSON value (a document of its own, such as the OpenAPI document's paths).
    case any
    /// Exactly one of these schemas: an answer of two shapes under one status (GitHub's token endpoint answers its
    /// OAuth errors with `200`).
    case oneOf([AnswerSchema])
    /// A value of the wrapped schema or `null` (OpenAPI 3.0's `nullable`).
    case nullable(AnswerSchema)

    /// The members of a token-minting sign-in: present unless the sign-in stops for a second factor.
    static let issuedTokens: [String: AnswerSchema] = [
        "idToken": .string, "refreshToken": .string, "expiresIn": .string,
    ]

    /// The members a first-factor sign-in answers instead of tokens when it stops for a second factor.
    static let pendingSecondFactor: [String: AnswerSchema] = [
        "mfaPendingCredential": .string,
        "mfaInfo": .array(maskedEnrollment),
    ]

    /// This schema as an OpenAPI 3.0 schema object.
    var openAPI: JSONValue {
        switch self {
        case .string: return ["type": "string"]
        case .boolean: return ["type": "boolean"]
        case .integer: return ["type": "integer"]
        case .number: return ["type": "number"]
        case .array(let element): return ["type": "array", "items": element.openAPI]
        case .object(let required, let optional):
            var properties: JSONObject = [:]
            for (name, member) in required.merging(optional, uniquingKeysWith: { first, _ in first }) {
                properties[name] = member.openAPI
            }
            var object: JSONObject = [
                "type": "object", "properties": .object(properties), "additionalProperties": false,
            ]
            if !required.isEmpty { object["required"] = .array(required.keys.sorted().map(JSONValue.string)) }
            return .object(object)
        case .map(let member): return ["type": "object", "additionalProperties": member.openAPI]
        case .any: return [:]
        case .oneOf(let schemas): return ["oneOf": .array(schemas.map(\.openAPI))]
        case .nullable(let schema):
            var object = schema.openAPI.object ?? [:]
            object["nullable"] = true
            return .object(object)
        }
    }
}
