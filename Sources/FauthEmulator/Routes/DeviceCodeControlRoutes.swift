import FauthJSON

extension RouteTable {
    /// `GET /emulator/v1/projects/{p}/deviceCodes` (fauth extension): the device codes issued, newest last.
    static let emulatorDeviceCodes = Route(
        "GET", "/emulator/v1/projects/{project}/deviceCodes", access: .open,
        answer: .json(
            .object(required: [
                "deviceCodes": .array(
                    .object(required: [
                        "userCode": .string, "providerId": .string, "clientId": .string, "scope": .string,
                        "status": .string, "issuedAt": .string, "expiresAt": .string, "intervalSeconds": .number,
                        "polls": .array(.object(required: ["atMillis": .integer, "answer": .string])),
                    ]))
            ]))
    ) { _, state throws(APIError) in
        let nowMillis = Timestamp.nowMillis()
        return HTTPResponse.json([
            "deviceCodes": .array(state.deviceCodes.codes.map { .object($0.json(nowMillis: nowMillis)) })
        ])
    }
    /// `POST /emulator/v1/projects/{p}/deviceCodes/{userCode}:approve|:deny|:slowDown` (fauth extension).
    static let emulatorDeviceCodeAction = Route(
        "POST", "/emulator/v1/projects/{project}/deviceCodes/{userCode}", access: .open,
        answer: .json(.object(required: [:])), handler: DeviceCodeControlRoutes.act)
}

/// What a script or a test does in the person's place: approve a pending device code with an identity
/// (`{"sub", "email", "displayName"}`, and `"emailVerified": false` for a provider that does not vouch for the
/// email), deny it, or make its next poll answer `slow_down`.
enum DeviceCodeControlRoutes {
    /// Runs the action the last path segment names (`WDJB-MJHT:approve`).
    static func act(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let last = PathPattern.split(request.http.path).last ?? ""
        guard let colon = last.lastIndex(of: ":") else { throw APIError.notFound }
        let userCode = String(last[..<colon])
        let nowMillis = Timestamp.nowMillis()
        let done: Bool
        switch last[last.index(after: colon)...] {
        case "approve":
            let email = try request.string("email").flatMap { $0.isEmpty ? nil : $0 }
            let sub = try request.string("sub").flatMap { $0.isEmpty ? nil : $0 } ?? RandomID.digits(count: 21)
            try ensure(email.map { $0.contains("@") } ?? true, "INVALID_EMAIL")
            var claims = IdpHandlerRoutes.fakeClaims(
                sub: sub, name: try request.string("displayName"), screenName: nil, email: email, picture: nil)
            claims["email_verified"] = .bool(try request.bool("emailVerified") ?? true)
            done = state.deviceCodes.approve(userCode: userCode, claims: claims, nowMillis: nowMillis)
        case "deny": done = state.deviceCodes.deny(userCode: userCode, nowMillis: nowMillis)
        case "slowDown": done = state.deviceCodes.slowDown(userCode: userCode)
        default: throw APIError.notFound
        }
        try ensure(done, "DEVICE_CODE_NOT_PENDING : ((No pending, unexpired device code has this user code.))")
        return .json([:])
    }
}
