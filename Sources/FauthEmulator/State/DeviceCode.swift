import FauthJSON

/// One device authorization (RFC 8628) the emulator issued: the codes, who asked, and where the person is with it.
struct DeviceCode: Sendable {
    /// What the person did with the code.
    enum Status: String, Sendable {
        /// Not yet approved or denied.
        case pending
        /// Approved with an identity; the next poll gets the tokens.
        case approved
        /// Denied; the next poll gets `access_denied`.
        case denied
        /// Its tokens or its denial were handed out: a later poll is `invalid_grant`.
        case used
    }

    /// The secret code the client polls with.
    let deviceCode: String
    /// The code the person types (`WDJB-MJHT`).
    let userCode: String
    /// Which emulated authorization server issued it (`DeviceAuthorizationServer`).
    let server: DeviceAuthorizationServer
    /// The client that asked.
    let clientId: String
    /// The scopes asked for, space-separated as sent.
    let scope: String
    /// When it was issued and until when it can be used, in milliseconds since 1970.
    let issuedAt: Int
    let expiresAt: Int
    /// The minimum time between two polls, in seconds; 5 s more after each `slow_down`.
    var interval: Double
    /// Where it stands.
    var status = Status.pending
    /// The identity approved (fake IdP claims), once approved.
    var claims: JSONObject?
    /// When each poll arrived (milliseconds since 1970) and what it was answered, in order.
    var polls: [(at: Int, answer: String)] = []
    /// Set by the `:slowDown` control route: the next poll is answered `slow_down`.
    var slowDownNext = false

    /// Whether the code can no longer be used at `nowMillis`.
    func isExpired(at nowMillis: Int) -> Bool { nowMillis >= expiresAt }

    /// The entry of `GET /emulator/v1/projects/{p}/deviceCodes` (the device code itself stays secret).
    func json(nowMillis: Int) -> JSONObject {
        [
            "userCode": .string(userCode), "providerId": .string(server.providerId), "clientId": .string(clientId),
            "scope": .string(scope),
            "status": .string(isExpired(at: nowMillis) && status == .pending ? "expired" : status.rawValue),
            "issuedAt": .string(Timestamp.iso8601(millis: issuedAt)),
            "expiresAt": .string(Timestamp.iso8601(millis: expiresAt)),
            "intervalSeconds": .number(interval),
            "polls": .array(
                polls.map { ["atMillis": .number(Double($0.at)), "answer": .string($0.answer)] }),
        ]
    }
}
