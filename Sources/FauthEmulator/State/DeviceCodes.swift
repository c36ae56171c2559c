import FauthJSON

/// The device authorizations (RFC 8628) the emulator issued and the access tokens it handed out for them, so that
/// `signInWithIdp` can take a GitHub access token it issued.
struct DeviceCodes: Sendable {
    /// How many codes and how many access tokens are remembered (the oldest are forgotten first).
    static let capacity = 1000
    /// The user code's alphabet: consonants only, so no word is spelled and nothing is confused (0/O, 1/I).
    private static let userCodeLetters = Array("BCDFGHJKLMNPQRSTVWXZ")

    private(set) var codes: [DeviceCode] = []
    private var issuedAccessTokens: [(token: String, claims: JSONObject)] = []

    /// Issues a code for `clientId` asking `scope`, lasting `lifetime` seconds, polled every `interval` seconds.
    mutating func issue(
        server: DeviceAuthorizationServer, clientId: String, scope: String, interval: Double, lifetime: Int,
        nowMillis: Int
    ) -> DeviceCode {
        var userCode: String
        repeat {
            let letters = (0..<8).map { _ in Self.userCodeLetters.randomElement()! }
            userCode = String(letters[0..<4]) + "-" + String(letters[4...])
        } while codes.contains { $0.userCode == userCode }
        let code = DeviceCode(
            deviceCode: RandomID.alphanumeric(count: 43), userCode: userCode, server: server, clientId: clientId,
            scope: scope, issuedAt: nowMillis, expiresAt: nowMillis + lifetime * 1000, interval: interval)
        codes.removeAll { $0.isExpired(at: nowMillis) && $0.status != .pending }
        if codes.count >= Self.capacity { codes.removeFirst() }
        codes.append(code)
        return code
    }

    /// The index of the code whose user code is `userCode`, compared without case and dashes as people type it.
    func index(userCode: String) -> Int? {
        let typed = Self.normalized(userCode)
        return codes.firstIndex { Self.normalized($0.userCode) == typed }
    }

    /// The code with this device code, for `server`.
    func index(deviceCode: String, server: DeviceAuthorizationServer) -> Int? {
        codes.firstIndex { $0.deviceCode == deviceCode && $0.server == server }
    }

    /// Approves the pending, unexpired code `userCode` with `claims`; false when there is no such code.
    mutating func approve(userCode: String, claims: JSONObject, nowMillis: Int) -> Bool {
        guard let index = index(userCode: userCode), codes[index].status == .pending,
            !codes[index].isExpired(at: nowMillis)
        else { return false }
        codes[index].status = .approved
        codes[index].claims = claims
        return true
    }

    /// Denies the pending, unexpired code `userCode`; false when there is no such code.
    mutating func deny(userCode: String, nowMillis: Int) -> Bool {
        guard let index = index(userCode: userCode), codes[index].status == .pending,
            !codes[index].isExpired(at: nowMillis)
        else { return false }
        codes[index].status = .denied
        return true
    }

    /// Makes the next poll of the pending code `userCode` answer `slow_down`; false when there is no such code.
    mutating func slowDown(userCode: String) -> Bool {
        guard let index = index(userCode: userCode), codes[index].status == .pending else { return false }
        codes[index].slowDownNext = true
        return true
    }

    /// Answers one poll of the token endpoint (RFC 8628, 3.5): the OAuth error, or the approved identity's claims
    /// (the code is then used). Every poll is recorded with its answer.
    mutating func poll(
        deviceCode: String, clientId: String, server: DeviceAuthorizationServer, nowMillis: Int
    ) -> Result<JSONObject, DeviceTokenError> {
        guard let index = index(deviceCode: deviceCode, server: server), codes[index].clientId == clientId else {
            return .failure(server == .github ? .incorrectDeviceCode : .invalidGrant)
        }
        let answer = answerPoll(at: index, nowMillis: nowMillis)
        codes[index].polls.append((nowMillis, (try? answer.get()).map { _ in "token" } ?? answer.errorCode))
        return answer
    }

    private mutating func answerPoll(at index: Int, nowMillis: Int) -> Result<JSONObject, DeviceTokenError> {
        var code = codes[index]
        defer { codes[index] = code }
        if code.status == .used { return .failure(.invalidGrant) }
        if code.isExpired(at: nowMillis) { return .failure(.expiredToken) }
        let early = code.polls.last.map { nowMillis - $0.at < Int(code.interval * 1000) } ?? false
        if code.slowDownNext || early {
            code.slowDownNext = false
            code.interval += 5
            return .failure(.slowDown)
        }
        switch code.status {
        case .pending: return .failure(.authorizationPending)
        case .denied:
            code.status = .used
            return .failure(.accessDenied)
        case .approved:
            code.status = .used
            return .success(code.claims ?? [:])
        case .used: return .failure(.invalidGrant)
        }
    }

    /// Remembers an access token handed out for `claims`.
    mutating func remember(accessToken: String, claims: JSONObject) {
        if issuedAccessTokens.count >= Self.capacity { issuedAccessTokens.removeFirst() }
        issuedAccessTokens.append((accessToken, claims))
    }

    /// The claims of an access token this emulator handed out, nil for any other.
    func claims(ofAccessToken token: String) -> JSONObject? {
        issuedAccessTokens.last { $0.token == token }?.claims
    }

    private static func normalized(_ code: String) -> String {
        code.uppercased().filter { $0 != "-" && $0 != " " }
    }
}

/// An OAuth error a device flow's token endpoint answers (RFC 8628, 3.5; GitHub's `incorrect_device_code`).
enum DeviceTokenError: String, Error, Sendable {
    case authorizationPending = "authorization_pending"
    case slowDown = "slow_down"
    case accessDenied = "access_denied"
    case expiredToken = "expired_token"
    case invalidGrant = "invalid_grant"
    case incorrectDeviceCode = "incorrect_device_code"
}

extension Result where Failure == DeviceTokenError {
    /// The OAuth error code, or "" for a success.
    fileprivate var errorCode: String {
        if case .failure(let error) = self { return error.rawValue }
        return ""
    }
}
