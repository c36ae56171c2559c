import FauthJSON
import Glibc

/// Firebase's blocking functions: the `beforeCreate` and `beforeSignIn` triggers of the config's
/// `blockingFunctions.triggers` are POSTed `{"data":{"jwt":…}}` (an alg-none JWT describing the event and the user),
/// and the `userRecord` of their answer is applied (its `updateMask` fields) before tokens are issued.
enum BlockingFunctions {
    /// The two events fauth-emulator calls, by trigger name; the raw value is the JWT's `event_type`.
    enum Event: String {
        case beforeCreate = "providers/cloud.auth/eventTypes/user.beforeCreate"
        case beforeSignIn = "providers/cloud.auth/eventTypes/user.beforeSignIn"

        /// The key under `blockingFunctions.triggers`.
        var triggerName: String { self == .beforeCreate ? "beforeCreate" : "beforeSignIn" }
    }

    /// How long a function may take, as Firebase's emulator allows (60 s).
    static let timeoutSeconds = 60

    /// Calls the function configured for `event` (if any) about `user` and returns the user with the answer's updates
    /// applied, and the answer's session claims (beforeSignIn only).
    static func call(_ event: Event, user: UserRecord, signIn: SignInEvent, state: EmulatorState,
                     nowMillis: Int) throws(APIError) -> (user: UserRecord, sessionClaims: JSONObject?) {
        guard let uri = state.config.blockingFunctions["triggers"]?[event.triggerName]?["functionUri"]?.string else {
            return (user, nil)
        }
        var claims = claims(event, user: user, uri: uri, signIn: signIn, projectId: state.projectId, issuedAt: nowMillis / 1000)
        signIn.addForwardedCredentials(to: &claims, forwarding: state.config.blockingFunctions["forwardInboundCredentials"])
        let jwt = IDToken.encode(claims)
        let body = JSONValue.object(["data": ["jwt": .string(jwt)]]).serializedBytes()
        // The wait for the function's answer is made without the state lock, so other requests go on meanwhile.
        let (status, text) = try state.lock.releasing { () throws(APIError) in
            try BlockingFunctionHTTP.post(body, to: uri, timeoutSeconds: timeoutSeconds)
        }
        try ensure((200 ..< 300).contains(status),
                   "BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP request to \(uri) returned HTTP error \(status): \(text)))")
        guard let answer = try? JSONValue.parse(Array(text.utf8)) else {
            throw APIError.internalError("BLOCKING_FUNCTION_ERROR_RESPONSE : ((Response body is not valid JSON.))", reason: "SyntaxError")
        }
        return try apply(answer, of: event, to: user)
    }

    /// The answer's `userRecord` fields named by its `updateMask`, applied as Firebase's emulator applies them.
    static func apply(_ answer: JSONValue, of event: Event, to user: UserRecord) throws(APIError) -> (user: UserRecord, sessionClaims: JSONObject?) {
        guard let record = answer["userRecord"]?.object else { return (user, nil) }
        guard let mask = record["updateMask"].flatMap({ JavaScriptTruthiness.isTruthy($0) ? $0.string : nil }) else {
            throw APIError.badRequest("BLOCKING_FUNCTION_ERROR_RESPONSE : ((Response UserRecord is missing updateMask.))")
        }
        var updated = user
        var sessionClaims: JSONObject?
        for field in mask.split(separator: ",", omittingEmptySubsequences: false) {
            switch field {
            case "displayName": updated.displayName = CustomToken.identifier(record["displayName"])
            case "photoUrl": updated.photoUrl = CustomToken.identifier(record["photoUrl"])
            case "disabled": updated.disabledFlag = record["disabled"].map(JavaScriptTruthiness.isTruthy) ?? false
            case "emailVerified": updated.emailVerified = record["emailVerified"].map(JavaScriptTruthiness.isTruthy) ?? false
            case "customClaims":
                let serialized = (record["customClaims"] ?? .null).serialized()
                _ = try CustomClaims.validate(serialized: serialized)
                updated.customAttributes = serialized
            case "sessionClaims" where event == .beforeSignIn:
                sessionClaims = record["sessionClaims"]?.object
            default:
                continue
            }
        }
        updated.syncPasswordProvider()
        return (updated, sessionClaims)
    }

    /// The event JWT's claims (Firebase's emulator's field names; absent values are left out, as JSON.stringify does).
    static func claims(_ event: Event, user: UserRecord, uri: String, signIn: SignInEvent, projectId: String,
                       issuedAt: Int) -> JSONObject {
        var record: JSONObject = ["uid": .string(user.localId)]
        record["email"] = user.email.map(JSONValue.string)
        record["email_verified"] = user.emailVerified.map(JSONValue.bool)
        record["display_name"] = user.displayName.map(JSONValue.string)
        record["photo_url"] = user.photoUrl.map(JSONValue.string)
        record["disabled"] = user.disabledFlag.map(JSONValue.bool)
        record["phone_number"] = user.phoneNumber.map(JSONValue.string)
        record["custom_claims"] = .object(user.customAttributes.flatMap { try? JSONValue.parse(Array($0.utf8)).object } ?? [:])
        if let tenantId = user.tenantId { record["tenant_id"] = .string(tenantId) }
        record["provider_data"] = .array(user.providerUserInfo.map { info in
            var provider: JSONObject = ["provider_id": .string(info.providerId)]
            provider["display_name"] = info.displayName.map(JSONValue.string)
            provider["photo_url"] = info.photoUrl.map(JSONValue.string)
            provider["email"] = info.email.map(JSONValue.string)
            provider["uid"] = .string(info.rawId)
            provider["phone_number"] = info.phoneNumber.map(JSONValue.string)
            return .object(provider)
        })
        if let enrollments = user.mfaEnrollments {
            record["multi_factor"] = ["enrolled_factors": .array(enrollments.map { enrollment in
                var factor: JSONObject = ["uid": .string(enrollment.mfaEnrollmentId)]
                factor["display_name"] = enrollment.displayName.map(JSONValue.string)
                factor["enrollment_time"] = .string(enrollment.enrolledAt)
                factor["phone_number"] = enrollment.phoneInfo.map(JSONValue.string)
                factor["factor_id"] = "phone"
                return .object(factor)
            })]
        }
        var metadata: JSONObject = ["creation_time": .string(String(user.createdAt))]
        metadata["last_sign_in_time"] = user.lastLoginAt.map { .string(String($0)) }
        record["metadata"] = .object(metadata)
        var claims: JSONObject = ["iss": .string("https://securetoken.google.com/\(projectId)"), "aud": .string(uri)]
        claims["iat"] = .number(Double(issuedAt))
        claims["exp"] = .number(Double(issuedAt + timeoutSeconds * 1000 / 100))
        claims["event_id"] = .string(RandomID.alphanumeric(count: 22))
        claims["event_type"] = .string(event.rawValue)
        claims["user_agent"] = "NotYetSupportedInFirebaseAuthEmulator"
        claims["ip_address"] = "127.0.0.1"
        claims["locale"] = "en"
        claims["user_record"] = .object(record)
        claims["sub"] = .string(user.localId)
        claims["sign_in_method"] = .string(signIn.method)
        claims["sign_in_second_factor"] = signIn.secondFactor.map(JSONValue.string)
        claims["sign_in_attributes"] = signIn.signInAttributes.map(JSONValue.string)
        claims["raw_user_info"] = signIn.rawUserInfo.map(JSONValue.string)
        if let tenantId = user.tenantId { claims["tenant_id"] = .string(tenantId) }
        return claims
    }
}

/// The one HTTP request the emulator makes itself: a JSON POST to a blocking function's `http://` URI.
enum BlockingFunctionHTTP {
    /// The largest answer read from a function (its JSON holds a few user fields and claims).
    static let maximumAnswerBytes = 1 << 20

    /// POSTs `body` and returns the status and body text; 500 `BLOCKING_FUNCTION_ERROR_RESPONSE` when the request
    /// cannot be made or does not finish in time.
    static func post(_ body: [UInt8], to uri: String, timeoutSeconds: Int) throws(APIError) -> (status: Int, text: String) {
        // The whole exchange must end within the function's time limit: connecting (a host that drops packets would
        // otherwise hold the request for the system's two minutes of retries) and the answer, which must also stay
        // within `maximumAnswerBytes`, so that a function that stalls, trickles or floods cannot hold the emulator.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(timeoutSeconds)
        let failed = APIError.internalError("BLOCKING_FUNCTION_ERROR_RESPONSE : ((Failed to make request to \(uri).))", reason: "FetchError")
        let deadlineExceeded = APIError.internalError(
            "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Deadline exceeded making request to \(uri).))", reason: "AbortError")
        guard let target = HTTPTarget(uri) else { throw failed }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(target.host, target.port, &hints, &found) == 0, let address = found else { throw failed }
        defer { freeaddrinfo(found) }
        let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue),
                        address.pointee.ai_protocol)
        guard fd >= 0 else { throw failed }
        defer { close(fd) }
        if connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 {
            guard errno == EINPROGRESS else { throw failed }
            guard SocketIO.waitWritable(fd, seconds: seconds(until: deadline, clock)) else { throw deadlineExceeded }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 else { throw failed }
        }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        let head = "POST \(target.pathAndQuery) HTTP/1.1\r\nHost: \(target.authority)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        guard SocketIO.sendAll(fd, Array(head.utf8) + body) else { throw failed }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            // Each read waits at most what is left of the time limit (SO_RCVTIMEO).
            let left = seconds(until: deadline, clock)
            guard left > 0 else { throw deadlineExceeded }
            var limit = timeval(tv_sec: Int(left), tv_usec: min(Int((left - left.rounded(.down)) * 1_000_000) + 1, 999_999))
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw deadlineExceeded }
            if count <= 0 { break }
            received += buffer[0 ..< count]
            guard received.count <= Self.maximumAnswerBytes else { throw failed }
        }
        return try parse(received, failed: failed)
    }

    /// The seconds from now until `deadline` (0 once it has passed).
    private static func seconds(until deadline: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
        let left = clock.now.duration(to: deadline).components
        return max(0, Double(left.seconds) + Double(left.attoseconds) / 1e18)
    }

    /// The parts of an `http://host[:port][/path]` URI a request needs.
    private struct HTTPTarget {
        var authority: String
        var host: String
        var port: String
        var pathAndQuery: String

        init?(_ uri: String) {
            guard uri.lowercased().hasPrefix("http://") else { return nil }
            let rest = uri.dropFirst("http://".count)
            authority = String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
            let path = rest.dropFirst(authority.count).prefix { $0 != "#" }
            pathAndQuery = path.hasPrefix("/") ? String(path) : "/" + path
            if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
                host = String(authority[..<colon])
                port = String(authority[authority.index(after: colon)...])
            } else {
                host = authority
                port = "80"
            }
            host = host.trimmingPrefix("[").replacingOccurrences(of: "]", with: "")
            guard !host.isEmpty else { return nil }
        }
    }

    /// The status and body of a `Connection: close` answer (Content-Length or read to the end; not chunked).
    private static func parse(_ bytes: [UInt8], failed: APIError) throws(APIError) -> (status: Int, text: String) {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { throw failed }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let statusLine = head.split(separator: "\r\n").first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw failed }
        return (status, String(decoding: bytes[(end + 4)...], as: UTF8.self))
    }
}
