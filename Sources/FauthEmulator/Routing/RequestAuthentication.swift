import FauthHTTPCodec
import Foundation

/// Firebase's request authentication: API keys, `Bearer owner`, and the errors for everything else.
enum RequestAuthentication {
    /// Returns whether the request is privileged, or throws 401 / 403 / 400 as Firebase's emulator does.
    static func authenticate(_ request: HTTPRequest, access: RouteAccess) throws(APIError) -> Bool {
        var isPrivileged = false
        if let authorization = request.header("Authorization"), authorization.lowercased().hasPrefix("bearer ") {
            let token = authorization.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
            if token.lowercased() == "owner" || token.hasPrefix("ya29.") {
                isPrivileged = true
            } else if access != .open {
                throw APIError.unauthenticated
            }
        }
        let hasKey =
            !(request.queryItems.first { $0.name == "key" }?.value ?? "").isEmpty
            || !(request.header("x-goog-api-key") ?? "").isEmpty
        switch access {
        case .open:
            break
        case .apiKey:
            if !isPrivileged, !hasKey { throw APIError.missingAPIKey }
        case .privileged:
            if !isPrivileged, !hasKey { throw APIError.missingAPIKey }
            if !isPrivileged {
                throw APIError.badRequest(
                    "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
            }
        }
        return isPrivileged
    }
}
