import FauthJSON

/// What one poll of a token endpoint answered (RFC 8628, 3.5), read from any status: GitHub answers its errors
/// with 200, the others with 400 (Google also 403 and 428).
enum DeviceTokenAnswer: Equatable {
    /// `authorization_pending`: the person has not answered yet.
    case pending
    /// `slow_down`: poll less often (the new interval, when the server gives one).
    case slowDown(interval: Double?)
    /// The token that goes to `signInWithIdp`.
    case token(String)

    /// Reads the answer to a poll: the token `wanted` on a 2xx without `error`; an OAuth error is `pending`,
    /// `slowDown`, or thrown as `DeviceFlowError.failure`.
    init(status: Int, body: [UInt8], wanted: DeviceFlowEndpoints.Token, endpoint: String) throws(FauthError) {
        guard let object = (try? JSONValue.parse(body))?.object else {
            throw DeviceFlowError.unreadable(status: status, endpoint: endpoint)
        }
        if let error = object["error"]?.string {
            switch error {
            case "authorization_pending": self = .pending
            case "slow_down": self = .slowDown(interval: object["interval"]?.number)
            default: throw DeviceFlowError.failure(error, description: object["error_description"]?.string)
            }
            return
        }
        guard (200..<300).contains(status) else { throw DeviceFlowError.unreadable(status: status, endpoint: endpoint) }
        let key = wanted == .idToken ? "id_token" : "access_token"
        guard let token = object[key]?.string, !token.isEmpty, token.utf8.count <= 65_536 else {
            throw ResponseReader.malformed(endpoint, "the approved answer carries no \(key)")
        }
        self = .token(token)
    }
}
