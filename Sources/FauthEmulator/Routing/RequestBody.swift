import FauthHTTPCodec
import FauthJSON
import Foundation

/// Turns a request body into the JSON object a handler reads, as Firebase's emulator does before its handlers run.
enum RequestBody {
    /// Parses `request`'s body: JSON (or, when `acceptsForm`, a URL-encoded form); keys are normalised by `CamelCaseKeys`.
    static func parse(_ request: HTTPRequest, acceptsForm: Bool) throws(APIError) -> JSONObject {
        let mediaType = request.header("Content-Type").map(mediaTypeOf)
        if acceptsForm, mediaType == "application/x-www-form-urlencoded" {
            var object = JSONObject()
            for pair in FormURLEncoding.decode(String(decoding: request.body, as: UTF8.self)) {
                object[CamelCaseKeys.camelCase(pair.name)] = .string(pair.value)
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
        guard case .object(let object) = CamelCaseKeys.converting(value) else {
            throw APIError.wrongType("/", expected: "object")
        }
        return object
    }

    /// The media type of a Content-Type value, lower-cased and without parameters.
    private static func mediaTypeOf(_ contentType: String) -> String {
        if contentType == "application/json" { return contentType }
        let head = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return head.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
