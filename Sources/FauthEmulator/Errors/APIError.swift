import FauthJSON

/// An error answer in the Google API error-body shape `{"error":{"code","message","errors":[…],"status"?}}`.
struct APIError: Error, Sendable {
    /// The HTTP status code.
    let httpStatus: Int
    /// The message, `CODE` or `CODE : detail`.
    let message: String
    /// The `reason` of the single `errors[]` entry.
    let reason: String
    /// The canonical status name; absent on plain business 400s, as in Firebase's emulator.
    let status: String?
    /// The `domain` of the `errors[]` entry: Firebase's emulator writes `global` on 400s and 403s only.
    var domain: String? = "global"
    /// Extra members of the `errors[]` entry (`location`, `locationType` of a 401).
    var location: (location: String, locationType: String)?
    /// The `message` of the `errors[]` entry when it differs from the error's message (a 401's "Invalid Credentials").
    var itemMessage: String?

    /// A business error (`assert` in Firebase's emulator): 400, reason `invalid`, no `status`.
    static func badRequest(_ message: String) -> APIError {
        APIError(httpStatus: 400, message: message, reason: "invalid", status: nil)
    }

    /// A schema or type violation: 400 with status `INVALID_ARGUMENT`.
    static func invalidArgument(_ message: String, reason: String = "invalid") -> APIError {
        APIError(httpStatus: 400, message: message, reason: reason, status: "INVALID_ARGUMENT")
    }

    /// A field of the wrong JSON type, reported like Firebase's schema validation.
    static func wrongType(_ pointer: String, expected: String) -> APIError {
        invalidArgument("Invalid JSON payload received. \(pointer) must be \(expected)")
    }

    /// A feature Firebase's emulator does not implement: 501 `NOT_IMPLEMENTED`.
    static func notImplemented(_ message: String) -> APIError {
        APIError(httpStatus: 501, message: message, reason: "unimplemented", status: "NOT_IMPLEMENTED", domain: nil)
    }

    /// A path no route serves: 404 `NOT_FOUND`.
    static let notFound = APIError(
        httpStatus: 404, message: "Not Found", reason: "notFound", status: "NOT_FOUND", domain: nil)

    /// No API key and no OAuth credential: 403 `PERMISSION_DENIED`.
    static let missingAPIKey = APIError(
        httpStatus: 403, message: "The request is missing a valid API key.", reason: "forbidden",
        status: "PERMISSION_DENIED")

    /// A Bearer token that is not an accepted OAuth credential: 401 `UNAUTHENTICATED`.
    static let unauthenticated = APIError(
        httpStatus: 401,
        message:
            "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
        reason: "authError", status: "UNAUTHENTICATED", location: ("Authorization", "header"),
        itemMessage: "Invalid Credentials")

    /// A failure Firebase's emulator reports as an `InternalError`: 500 `INTERNAL`, reason the underlying error's name.
    static func internalError(_ message: String, reason: String) -> APIError {
        APIError(httpStatus: 500, message: message, reason: reason, status: "INTERNAL", domain: nil)
    }

    /// An unexpected failure inside a handler: 500 `UNKNOWN`, reason the name of the JavaScript error Firebase's
    /// emulator would have thrown (`TypeError` for a missing member, `SyntaxError` for bad JSON).
    static func unexpected(_ message: String, reason: String) -> APIError {
        APIError(httpStatus: 500, message: message, reason: reason, status: "UNKNOWN", domain: nil)
    }

    /// The error body as JSON.
    var body: JSONValue {
        var error: JSONObject = ["code": .number(Double(httpStatus)), "message": .string(message)]
        var item: JSONObject = ["message": .string(itemMessage ?? message)]
        if let domain { item["domain"] = .string(domain) }
        item["reason"] = .string(reason)
        if let location {
            item["location"] = .string(location.location)
            item["locationType"] = .string(location.locationType)
        }
        error["errors"] = [.object(item)]
        if let status { error["status"] = .string(status) }
        return ["error": .object(error)]
    }

    /// The HTTP response carrying this error.
    var response: HTTPResponse { HTTPResponse.expressJSON(body, status: httpStatus) }
}
