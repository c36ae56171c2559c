import FauthCore
import FauthJSON
import FauthText

/// Turns a failure into what stderr shows: the JSON error object with `--json`, otherwise
/// `fauth: <message> (<code>)` and at most one `hint:` line, with control characters escaped (a message may hold
/// the server's words or the user's input); a core failure about an input, or naming a next step, is first worded
/// with the option or the command to run.
enum ErrorRenderer {
    /// The stderr text for `error`; with `json`, the error object also names `sessionFile`, the session file the
    /// command had resolved when it failed (none when it failed before choosing one). `next` is the command that
    /// finishes a second-factor sign-in (`MFANextStep`).
    static func render(
        _ error: FauthError, json: Bool, command: String?, sessionFile: String? = nil, next: String? = nil
    ) -> String {
        let error = NextStepText.worded(InputProblemText.worded(error))
        if json { return naming(sessionFile, in: error.jsonObject(next: next)).serialized() + "\n" }
        var text = "fauth: \(TerminalText.escaped(error.message)) (\(error.code.rawValue))\n"
        if let reason = error.reason, reason != error.message { text += "reason: \(TerminalText.escaped(reason))\n" }
        if let hint = hint(for: error, command: command, next: next) { text += "hint: \(TerminalText.escaped(hint))\n" }
        return text
    }

    /// The stderr text of the `interrupted` error (Ctrl-C), rendered ahead for a signal handler to write.
    static func interruption(json: Bool) -> String {
        render(FauthError(.interrupted), json: json, command: nil)
    }

    /// The error document `{"error": {...}}` with `"sessionFile"` added to the error object, when there is one.
    private static func naming(_ sessionFile: String?, in document: JSONValue) -> JSONValue {
        guard let sessionFile, var object = document["error"]?.object else { return document }
        object["sessionFile"] = .string(sessionFile)
        return ["error": .object(object)]
    }

    private static func hint(for error: FauthError, command: String?, next: String?) -> String? {
        switch error.code {
        case .usage:
            return "see 'fauth \(command.map { "\($0) " } ?? "")--help'"
        case .accountExistsWithDifferentCredential:
            let methods = error.signInMethods ?? []
            return methods.isEmpty
                ? "sign in to the existing account, then 'fauth link' this provider"
                : "sign in with one of: \(methods.joined(separator: ", ")); then 'fauth link' this provider"
        case .credentialAlreadyInUse, .emailAlreadyInUse:
            return "that credential belongs to another account: sign in to it, or use another credential"
        case .providerAlreadyLinked:
            return "run 'fauth unlink PROVIDER_ID' first to replace it"
        case .invalidCredential where error.server?.message == "INVALID_LOGIN_CREDENTIALS":
            return
                "the email or the password is wrong, or no account uses the email: with email enumeration protection "
                + "on, the server does not say which (reset a forgotten password with 'fauth reset-password --email EMAIL')"
        case .interrupted, .serverChanged:
            return nil  // a server-changed message names the command that picks up what the server did
        case .certificateError:
            return
                "trust the server's CA with --ca-file FILE or SSL_CERT_FILE (see 'man fauth', TLS), or check --endpoint"
        case .proxyRefused:
            return
                "check the user and password in the proxy variable (https_proxy, all_proxy), or ask the proxy's admin"
        case .sessionBackendMismatch:
            return "keep one session per backend with --profile NAME, or sign in again to replace this one"
        default:
            break
        }
        switch error.code.action {
        case .signin: return "run 'fauth signin'"
        case .reauth: return "run 'fauth reauth', then " + (command.map { "'fauth \($0)' again" } ?? "try again")
        case .retry: return "this is temporary: try again later"
        case .completeSecondFactor:
            return MFANextStep.hint(for: error, next: next) ?? "this account needs its second factor to sign in"
        case .fixConfig:
            return "check the API key (--api-key, --config), the tenant, and the project's sign-in providers"
        default: return nil
        }
    }
}

extension FauthError {
    /// The JSON error object `{"error": {...}}`, keys in the fixed order of `docs/design/errors.md`; optional members
    /// appear only when present (`next`: the command that finishes a second-factor sign-in), `name` and `number` are null for fauth's own codes.
    func jsonObject(next: String? = nil) -> JSONValue {
        var error: JSONObject = [
            "code": .string(code.rawValue),
            "name": code.name.map { .string($0) } ?? .null,
            "number": code.number.map { .number(Double($0)) } ?? .null,
            "exitCode": .number(Double(exitStatus)),
            "message": .string(message),
            "retryable": .bool(code.isRetryable),
            "action": .string(code.action.rawValue),
        ]
        if let reason {
            error["reason"] = .string(reason)
        }
        if let server {
            error["server"] = [
                "status": .number(Double(server.status)),
                "message": server.message.map { .string($0) } ?? .null,
            ]
        }
        if let underlying {
            error["underlying"] = [
                "domain": .string(underlying.domain),
                "code": .number(Double(underlying.code)),
                "message": .string(underlying.message),
            ]
        }
        if let email {
            error["email"] = .string(email)
        }
        if let signInMethods {
            error["signInMethods"] = .array(signInMethods.map { .string($0) })
        }
        if let secondFactor {
            var mfa: JSONObject = ["factors": .array(secondFactor.factors.map(\.jsonObject))]
            if let expiresAt = secondFactor.expiresAt { mfa["expiresAt"] = .string(ISO8601.format(expiresAt)) }
            if let next { mfa["next"] = .string(next) }
            error["mfa"] = .object(mfa)
        }
        if let requirements {
            error["requirements"] = .array(requirements.map(\.jsonObject))
        }
        if let serverChange {
            error["serverChanged"] = true
            if case .accountCreated = serverChange { error["accountCreated"] = true }
        }
        return ["error": .object(error)]
    }
}
