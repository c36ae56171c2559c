import FauthJSON

/// The project configuration: Firebase's emulator keys plus fauth's `"fauth"` extensions.
struct EmulatorConfig: Sendable, Equatable {
    /// `signIn.allowDuplicateEmails`.
    var allowDuplicateEmails = false
    /// `emailPrivacyConfig.enableImprovedEmailPrivacy` (email enumeration protection).
    var improvedEmailPrivacy = false
    /// `blockingFunctions`, kept and returned as Firebase's emulator keeps it; its beforeCreate and beforeSignIn are called.
    var blockingFunctions: JSONObject = [:]
    /// `fauth.recentLoginSeconds`: the maximum `auth_time` age for sensitive operations; nil means unchecked.
    var recentLoginSeconds: Int?
    /// `fauth.idTokenLifetimeSeconds`: nil means Firebase's 3600 s with `exp` not enforced.
    var idTokenLifetimeSeconds: Int?
    /// `fauth.signInProviders`: the default project's toggles.
    var signInProviders = SignInSettings()
    /// `fauth.passwordPolicy`.
    var passwordPolicy: PasswordPolicy?
    /// `fauth.failedSignInLimit`: failed sign-ins per email per minute before TOO_MANY_ATTEMPTS_TRY_LATER.
    var failedSignInLimit: Int?
    /// `fauth.refreshTokenRevocation`: a refresh token issued before the user's `validSince` second is TOKEN_EXPIRED,
    /// as Google's servers answer after a revocation, password change or email change.
    var refreshTokenRevocation = false
    /// `fauth.strictEmailValidation`: an email with a control character or a space is INVALID_EMAIL, as Google's
    /// servers answer (Firebase's emulator only wants one `@` between non-empty parts).
    var strictEmailValidation = false
    /// `fauth.nullAsAbsent`: a `null` member of a request body is left out before the schema check, as Google's
    /// servers read proto3 JSON (Firebase's emulator answers `/field must be <type>`).
    var nullAsAbsent = false
    /// `fauth.deviceFlow.intervalSeconds`: the polling interval the emulated device endpoints ask for (fractions
    /// allowed, so that tests need not wait).
    var deviceIntervalSeconds = EmulatorConfig.defaultDeviceInterval
    /// `fauth.deviceFlow.expiresInSeconds`: how long an emulated device code lasts.
    var deviceCodeLifetimeSeconds = EmulatorConfig.defaultDeviceCodeLifetime

    /// The polling interval RFC 8628 has clients use when the server names none.
    static let defaultDeviceInterval = 5.0
    /// How long a device code lasts by default (as GitHub's).
    static let defaultDeviceCodeLifetime = 900

    /// Firebase's default ID token lifetime.
    static let defaultIdTokenLifetime = 3600

    /// Whether `email` is a valid address: Firebase's emulator's rule, and with `strictEmailValidation` no control
    /// character and no white space.
    func acceptsEmail(_ email: String) -> Bool {
        guard isValidEmail(email) else { return false }
        return !strictEmailValidation
            || !email.unicodeScalars.contains {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
            }
    }

    /// The lifetime of new ID tokens, in seconds.
    var idTokenLifetime: Int { idTokenLifetimeSeconds ?? EmulatorConfig.defaultIdTokenLifetime }

    /// The config as `GET /emulator/v1/projects/{p}/config` returns it.
    var json: JSONObject {
        var fauth: JSONObject = ["recentLoginSeconds": recentLoginSeconds.map { .number(Double($0)) } ?? .null]
        fauth["idTokenLifetimeSeconds"] = .number(Double(idTokenLifetime))
        fauth["signInProviders"] = [
            "password": .bool(signInProviders.allowPasswordSignup),
            "anonymous": .bool(signInProviders.enableAnonymousUser),
            "emailLink": .bool(signInProviders.enableEmailLinkSignin),
        ]
        fauth["passwordPolicy"] = passwordPolicy.map { .object($0.json) } ?? .null
        fauth["failedSignInLimit"] = failedSignInLimit.map { .number(Double($0)) } ?? .null
        fauth["refreshTokenRevocation"] = .bool(refreshTokenRevocation)
        fauth["strictEmailValidation"] = .bool(strictEmailValidation)
        fauth["nullAsAbsent"] = .bool(nullAsAbsent)
        fauth["deviceFlow"] = [
            "intervalSeconds": .number(deviceIntervalSeconds),
            "expiresInSeconds": .number(Double(deviceCodeLifetimeSeconds)),
        ]
        return [
            "signIn": ["allowDuplicateEmails": .bool(allowDuplicateEmails)],
            "emailPrivacyConfig": ["enableImprovedEmailPrivacy": .bool(improvedEmailPrivacy)],
            "fauth": .object(fauth),
        ]
    }

    /// Firebase's keys as the admin config routes return them.
    var firebaseJSON: JSONObject {
        [
            "signIn": ["allowDuplicateEmails": .bool(allowDuplicateEmails)],
            "blockingFunctions": .object(blockingFunctions),
            "emailPrivacyConfig": ["enableImprovedEmailPrivacy": .bool(improvedEmailPrivacy)],
        ]
    }

    /// The admin PATCH: the fields named by `mask` (dotted paths), or without a mask all of Firebase's keys from
    /// `body`, absent ones back to production defaults. Blocking function triggers are checked first.
    mutating func applyFirebaseKeys(_ body: JSONObject, mask: [String]?) throws(APIError) {
        try Self.checkBlockingFunctions(body["blockingFunctions"])
        var merged: JSONObject
        if let mask {
            merged = firebaseJSON
            for path in mask {
                if let value = JSONPath.value(at: path, in: body) {
                    merged = JSONPath.setting(value, at: path, in: merged)
                }
            }
        } else {
            merged = [
                "signIn": ["allowDuplicateEmails": .bool(body["signIn"]?["allowDuplicateEmails"] == true)],
                "blockingFunctions": body["blockingFunctions"] ?? [:],
                "emailPrivacyConfig": [
                    "enableImprovedEmailPrivacy": body["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"] ?? false
                ],
            ]
        }
        var updated = self
        updated.allowDuplicateEmails =
            try Self.bool(merged["signIn"]?["allowDuplicateEmails"], "/signIn/allowDuplicateEmails") ?? false
        updated.improvedEmailPrivacy =
            try Self.bool(
                merged["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"],
                "/emailPrivacyConfig/enableImprovedEmailPrivacy") ?? false
        updated.blockingFunctions = try Self.object(merged["blockingFunctions"], "/blockingFunctions") ?? [:]
        self = updated
    }

    /// Firebase's check of `blockingFunctions.triggers`: known events, absolute function URIs.
    private static func checkBlockingFunctions(_ value: JSONValue?) throws(APIError) {
        guard let triggers = value?["triggers"]?.object else { return }
        for (event, trigger) in triggers {
            try ensure(
                ["beforeCreate", "beforeSignIn"].contains(event),
                "INVALID_BLOCKING_FUNCTION : ((Event type is invalid.))")
            try ensure(
                isAbsoluteURI(trigger["functionUri"]?.string ?? ""),
                "INVALID_BLOCKING_FUNCTION : ((Expected an absolute URI with valid scheme and host.))")
        }
    }

    /// Applies a PATCH body of `/emulator/v1/projects/{p}/config` or an imported config.json; all-or-nothing. As in
    /// Firebase's emulator, a body naming neither `signIn.allowDuplicateEmails` nor
    /// `emailPrivacyConfig.enableImprovedEmailPrivacy` is a full update of Firebase's keys (absent ones reset),
    /// unless it only carries fauth's `"fauth"` extensions.
    mutating func apply(_ patch: JSONObject) throws(APIError) {
        let namesFirebaseKey =
            !(patch["signIn"]?["allowDuplicateEmails"]?.isNull ?? true)
            || !(patch["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.isNull ?? true)
        if !namesFirebaseKey, patch["fauth"] == nil { return try applyFirebaseKeys(patch, mask: nil) }
        var updated = self
        if let signIn = try Self.object(patch["signIn"], "/signIn") {
            if let value = try Self.bool(signIn["allowDuplicateEmails"], "/signIn/allowDuplicateEmails") {
                updated.allowDuplicateEmails = value
            }
        }
        if let privacy = try Self.object(patch["emailPrivacyConfig"], "/emailPrivacyConfig") {
            if let value = try Self.bool(
                privacy["enableImprovedEmailPrivacy"], "/emailPrivacyConfig/enableImprovedEmailPrivacy")
            {
                updated.improvedEmailPrivacy = value
            }
        }
        if let fauth = try Self.object(patch["fauth"], "/fauth") {
            try updated.applyExtensions(fauth)
        }
        self = updated
    }

    private mutating func applyExtensions(_ fauth: JSONObject) throws(APIError) {
        if let value = fauth["recentLoginSeconds"] {
            recentLoginSeconds = try Self.count(value, "/fauth/recentLoginSeconds", minimum: 0)
        }
        if let value = fauth["idTokenLifetimeSeconds"] {
            idTokenLifetimeSeconds = try Self.count(value, "/fauth/idTokenLifetimeSeconds", minimum: 1)
        }
        if let value = fauth["failedSignInLimit"] {
            failedSignInLimit = try Self.count(value, "/fauth/failedSignInLimit", minimum: 1)
        }
        if let value = fauth["refreshTokenRevocation"] {
            refreshTokenRevocation = try Self.bool(value, "/fauth/refreshTokenRevocation") ?? false
        }
        if let value = fauth["strictEmailValidation"] {
            strictEmailValidation = try Self.bool(value, "/fauth/strictEmailValidation") ?? false
        }
        if let value = fauth["nullAsAbsent"] {
            nullAsAbsent = try Self.bool(value, "/fauth/nullAsAbsent") ?? false
        }
        if let deviceFlow = try Self.object(fauth["deviceFlow"], "/fauth/deviceFlow") {
            try applyDeviceFlow(deviceFlow)
        }
        if let value = fauth["passwordPolicy"] {
            passwordPolicy =
                try value.isNull ? nil : PasswordPolicy(json: Self.object(value, "/fauth/passwordPolicy") ?? [:])
        }
        if let value = fauth["signInProviders"] {
            if value.isNull {
                signInProviders = SignInSettings()
            } else if let providers = try Self.object(value, "/fauth/signInProviders") {
                let pointer = "/fauth/signInProviders/"
                if let on = try Self.bool(providers["password"], pointer + "password") {
                    signInProviders.allowPasswordSignup = on
                }
                if let on = try Self.bool(providers["anonymous"], pointer + "anonymous") {
                    signInProviders.enableAnonymousUser = on
                }
                if let on = try Self.bool(providers["emailLink"], pointer + "emailLink") {
                    signInProviders.enableEmailLinkSignin = on
                }
            }
        }
    }

    /// `fauth.deviceFlow`: an interval from 0 to 3600 s, a lifetime from 1 s to a day; null restores the default.
    private mutating func applyDeviceFlow(_ deviceFlow: JSONObject) throws(APIError) {
        if let value = deviceFlow["intervalSeconds"] {
            if value.isNull {
                deviceIntervalSeconds = Self.defaultDeviceInterval
            } else {
                guard case .number(let seconds) = value, seconds >= 0, seconds <= 3600 else {
                    throw APIError.wrongType(
                        "/fauth/deviceFlow/intervalSeconds", expected: "null or a number 0 to 3600")
                }
                deviceIntervalSeconds = seconds
            }
        }
        if let value = deviceFlow["expiresInSeconds"] {
            let seconds = try Self.count(value, "/fauth/deviceFlow/expiresInSeconds", minimum: 1)
            guard (seconds ?? 0) <= 86400 else {
                throw APIError.wrongType(
                    "/fauth/deviceFlow/expiresInSeconds", expected: "null or an integer 1 to 86400")
            }
            deviceCodeLifetimeSeconds = seconds ?? Self.defaultDeviceCodeLifetime
        }
    }

    private static func object(_ value: JSONValue?, _ pointer: String) throws(APIError) -> JSONObject? {
        switch value {
        case nil, .null?: return nil
        case .object(let object)?: return object
        default: throw APIError.wrongType(pointer, expected: "object")
        }
    }

    private static func bool(_ value: JSONValue?, _ pointer: String) throws(APIError) -> Bool? {
        switch value {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        default: throw APIError.wrongType(pointer, expected: "boolean")
        }
    }

    /// An integer ≥ `minimum`, or nil for JSON null (restore the default).
    private static func count(_ value: JSONValue, _ pointer: String, minimum: Int) throws(APIError) -> Int? {
        if value.isNull { return nil }
        guard let number = value.int, number >= minimum else {
            throw APIError.wrongType(pointer, expected: "null or an integer >= \(minimum)")
        }
        return number
    }
}
