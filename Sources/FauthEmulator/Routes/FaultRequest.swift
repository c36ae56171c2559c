import FauthJSON
import Foundation

extension TrafficControl {
    /// Reads a `POST …/faults` body: `route`, `times` (default 1) and one action; throws INVALID_ARGUMENT otherwise.
    static func parseFault(_ request: RouteRequest) throws(APIError) -> (route: String, times: Int, action: FaultAction)
    {
        guard let route = try request.string("route"), !route.isEmpty else {
            throw APIError.invalidArgument("Invalid JSON payload received. /route must be a route name or \"*\"")
        }
        let times = try request.int("times") ?? 1
        guard times >= 1 else { throw APIError.invalidArgument("Invalid JSON payload received. /times must be >= 1") }
        var actions: [FaultAction] = []
        if let status = try request.int("status") {
            guard (100...599).contains(status) else {
                throw APIError.invalidArgument("Invalid JSON payload received. /status must be an HTTP status code")
            }
            let contentType = try request.string("contentType") ?? "application/json"
            actions.append(
                .respond(
                    HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: try faultBody(request))
                ))
        }
        if let delay = try request.int("delayMs") {
            guard delay >= 0 else {
                throw APIError.invalidArgument("Invalid JSON payload received. /delayMs must be >= 0")
            }
            actions.append(.delay(milliseconds: delay))
        }
        if try request.bool("dropConnection") == true { actions.append(.dropConnection) }
        if let location = try request.string("redirect") {
            actions.append(.respond(HTTPResponse(status: 307, headers: [("Location", location)])))
        }
        guard actions.count == 1, let action = actions.first else {
            throw APIError.invalidArgument(
                "Invalid JSON payload received. A fault needs exactly one of status, delayMs, dropConnection, redirect")
        }
        return (route, times, action)
    }

    /// The body of a `status` fault: `bodyBase64` (any bytes, such as invalid UTF-8) or `body` (text), not both.
    private static func faultBody(_ request: RouteRequest) throws(APIError) -> [UInt8] {
        let text = try request.string("body")
        guard let encoded = try request.string("bodyBase64") else { return Array((text ?? "").utf8) }
        guard text == nil, let bytes = Data(base64Encoded: encoded) else {
            throw APIError.invalidArgument("Invalid JSON payload received. /bodyBase64 must be base64, without /body")
        }
        return Array(bytes)
    }
}
