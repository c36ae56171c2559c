import FauthCore
import FauthJSON
import FauthText

// The `--json` shapes of the values the core returns (docs/design/cli.md), made here so that the core returns
// values and the command line alone decides how they look.

extension UserProfile {
    /// The docs/design/cli.md "user" output shape: every key present (null when absent), dates ISO-8601 UTC (not the
    /// stored format).
    func jsonObject() -> JSONValue {
        [
            "uid": .string(uid),
            "email": JSONValue(optional: email),
            "emailVerified": .bool(emailVerified),
            "displayName": JSONValue(optional: displayName),
            "photoURL": JSONValue(optional: photoURL),
            "phoneNumber": JSONValue(optional: phoneNumber),
            "isAnonymous": .bool(isAnonymous),
            "tenantId": JSONValue(optional: tenantId),
            "providers": .array(providers.map { $0.jsonObject() }),
            "createdAt": JSONValue(optional: createdAt),
            "lastSignInAt": JSONValue(optional: lastSignInAt),
        ]
    }
}

extension ProviderInfo {
    /// The docs/design/cli.md output shape `{"providerId","uid","email","displayName","photoURL","phoneNumber"}`, null
    /// when absent (not the stored format).
    func jsonObject() -> JSONValue {
        [
            "providerId": .string(providerId),
            "uid": JSONValue(optional: uid),
            "email": JSONValue(optional: email),
            "displayName": JSONValue(optional: displayName),
            "photoURL": JSONValue(optional: photoURL),
            "phoneNumber": JSONValue(optional: phoneNumber),
        ]
    }
}

extension BackendTarget {
    /// `{"server": "google"|"emulator"|"endpoint", "emulatorHost", "endpoint", "projectId", "apiKeySuffix", "tenantId"}`, null when absent;
    /// the API key by its last characters only, as traces redact it.
    func jsonObject() -> JSONValue {
        var kind = "google"
        var host: String? = nil
        var endpoint: String? = nil
        switch server {
        case .google: break
        case .emulator(let address): (kind, host) = ("emulator", address)
        case .endpoint(let url): (kind, endpoint) = ("endpoint", url)
        }
        return [
            "server": .string(kind),
            "emulatorHost": JSONValue(optional: host),
            "endpoint": JSONValue(optional: endpoint),
            "projectId": JSONValue(optional: projectId),
            "apiKeySuffix": JSONValue(optional: apiKey.map(BackendTarget.keySuffix)),
            "tenantId": JSONValue(optional: tenantId),
        ]
    }
}

extension MFAEnrollment {
    /// One factor as fauth shows it (the `second-factor-required` error, `mfa list`, `status`):
    /// `{"uid", "factorId", "displayName", "phoneNumber", "enrolledAt"}`, the phone number masked.
    var jsonObject: JSONValue {
        [
            "uid": .string(enrollmentId),
            "factorId": .string(factorId),
            "displayName": displayName.map { .string($0) } ?? .null,
            "phoneNumber": maskedPhoneNumber.map { .string($0) } ?? .null,
            "enrolledAt": enrolledAt.map { .string($0) } ?? .null,
        ]
    }
}

extension PasswordRequirement {
    /// `{"rule", "required", "met"}`.
    var jsonObject: JSONValue {
        ["rule": .string(name), "required": required, "met": .bool(met)]
    }
}

extension FauthWarning {
    /// `{"code", "message", "requirements"}`.
    var jsonObject: JSONValue {
        [
            "code": .string(code.rawValue), "message": .string(message),
            "requirements": .array(requirements.map(\.jsonObject)),
        ]
    }
}
