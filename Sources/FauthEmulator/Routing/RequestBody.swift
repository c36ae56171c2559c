import Foundation
import FauthJSON

/// Turns a request body into the JSON object a handler reads, as Firebase's emulator does before its handlers run.
enum RequestBody {
    /// Parses `request`'s body: JSON (or, when `acceptsForm`, a URL-encoded form); snake_case keys become camelCase.
    static func parse(_ request: HTTPRequest, acceptsForm: Bool) throws(APIError) -> JSONObject {
        let mediaType = request.header("Content-Type").map(mediaTypeOf)
        if acceptsForm, mediaType == "application/x-www-form-urlencoded" {
            var object = JSONObject()
            for pair in FormURLEncoding.decode(String(decoding: request.body, as: UTF8.self)) {
                object[camelCase(pair.name)] = .string(pair.value)
            }
            return object
        }
        if request.body.isEmpty { return JSONObject() }
        if let mediaType, mediaType != "application/json" {
            throw APIError.invalidArgument("Invalid content-type: \(request.header("Content-Type") ?? mediaType)")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(request.body)
        } catch {
            throw APIError.invalidArgument("Invalid JSON payload received. \(error.message)", reason: "parseError")
        }
        guard case .object(let object) = camelCaseKeys(value) else {
            throw APIError.wrongType("/", expected: "object")
        }
        return object
    }

    /// The media type of a Content-Type value, lower-cased and without parameters.
    private static func mediaTypeOf(_ contentType: String) -> String {
        let head = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return head.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// `value` with every object key converted from snake_case to camelCase, at every depth.
    static func camelCaseKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var converted = JSONObject()
            for (key, member) in object { converted[camelCase(key)] = camelCaseKeys(member) }
            return .object(converted)
        case .array(let elements):
            return .array(elements.map(camelCaseKeys))
        default:
            return value
        }
    }

    /// `grant_type` → `grantType`; keys without an inner underscore are kept as they are.
    static func camelCase(_ key: String) -> String {
        guard key.dropFirst().contains("_") else { return key }
        let leading = key.prefix { $0 == "_" }
        let parts = key.dropFirst(leading.count).split(separator: "_", omittingEmptySubsequences: true)
        guard let first = parts.first else { return key }
        return String(leading) + first + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
