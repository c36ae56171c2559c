import FauthHTTPCodec
import FauthJSON

/// A request as a route handler sees it: the parsed body, the credential kind, and the path parameters.
struct RouteRequest: Sendable {
    /// The raw HTTP request.
    let http: HTTPRequest
    /// The body as a JSON object (camelCase keys); empty when there is no body.
    let body: JSONObject
    /// True for `Authorization: Bearer owner` (or `Bearer ya29.…`): an admin request.
    let isPrivileged: Bool
    /// The `{project}` path parameter, when the route has one.
    let pathProjectId: String?
    /// The `{tenant}` path parameter, when the route has one.
    let pathTenantId: String?
    /// The request counters and injected faults (for the emulator's `/stats` and `/faults` routes).
    let traffic: TrafficControl
    /// The payload of the body's `idToken` when it is a decodable JWT, decoded once: the request's project and the
    /// token's checks both read it.
    let idTokenPayload: JSONObject?

    /// The decoded query parameter `name`, if present.
    func query(_ name: String) -> String? {
        http.queryItems.first { $0.name == name }?.value
    }

    /// Body field `key` as a string; numbers become strings (as Firebase's emulator coerces them), booleans are a
    /// schema error.
    func string(_ key: String) throws(APIError) -> String? {
        try Self.coerceString(body[key], pointer: "/" + key)
    }

    /// Body field `key` as a boolean (a string is a schema error, as Firebase's schema validation has it).
    func bool(_ key: String) throws(APIError) -> Bool? {
        switch body[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw APIError.wrongType("/\(key)", expected: "boolean")
        }
    }

    /// Body field `key` as an integer; numeric strings are accepted (int64 fields travel as strings).
    func int(_ key: String) throws(APIError) -> Int? {
        switch body[key] {
        case nil, .null?: return nil
        case .number(let number)? where number.rounded() == number && abs(number) < 1e15: return Int(number)
        case .string(let text)?: if let value = Int(text) { return value }
        default: break
        }
        throw APIError.wrongType("/\(key)", expected: "integer")
    }

    /// Body field `key` as an array of strings.
    func strings(_ key: String) throws(APIError) -> [String]? {
        switch body[key] {
        case nil, .null?: return nil
        case .array(let elements)?:
            var result: [String] = []
            for (index, element) in elements.enumerated() {
                guard let text = try Self.coerceString(element, pointer: "/\(key)/\(index)") else {
                    throw APIError.wrongType("/\(key)/\(index)", expected: "string")
                }
                result.append(text)
            }
            return result
        default: throw APIError.wrongType("/\(key)", expected: "array")
        }
    }

    /// Body field `key` as an array of any elements.
    func array(_ key: String) throws(APIError) -> [JSONValue]? {
        switch body[key] {
        case nil, .null?: return nil
        case .array(let elements)?: return elements
        default: throw APIError.wrongType("/\(key)", expected: "array")
        }
    }

    /// Body field `key` as a JSON object.
    func object(_ key: String) throws(APIError) -> JSONObject? {
        switch body[key] {
        case nil, .null?: return nil
        case .object(let object)?: return object
        default: throw APIError.wrongType("/\(key)", expected: "object")
        }
    }

    /// JavaScript truthiness of body field `key`, as Firebase's `if (reqBody.x)` and `assert(reqBody.x, …)` test it.
    func isTruthy(_ key: String) -> Bool {
        body[key].map(JavaScriptTruthiness.isTruthy) ?? false
    }

    /// Body field `key` as a string, or the business error `missingCode` when it is absent or empty.
    func requireField(_ key: String, else missingCode: String) throws(APIError) -> String {
        guard let value = try string(key), !value.isEmpty else { throw APIError.badRequest(missingCode) }
        return value
    }

    /// A string-typed field value, with Firebase's number-to-string coercion; an account string longer than its
    /// `StoredStringBounds` is refused.
    static func coerceString(_ value: JSONValue?, pointer: String) throws(APIError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return try StoredStringBounds.check(text, pointer: pointer)
        case .number?: return value?.serialized()
        default: throw APIError.wrongType(pointer, expected: "string")
        }
    }
}

extension RouteRequest {
    /// A string member of a nested request object (`phoneVerificationInfo.code`), or the business error
    /// `missingCode` when it is absent or empty.
    static func requireMember(_ key: String, of object: JSONObject, in parent: String, else missingCode: String)
        throws(APIError) -> String
    {
        guard let value = try coerceString(object[key], pointer: "/\(parent)/\(key)"), !value.isEmpty else {
            throw APIError.badRequest(missingCode)
        }
        return value
    }
}
