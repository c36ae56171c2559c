/// The errors of a device sign-in, as the error contract names them (docs/design/errors.md).
enum DeviceFlowError {
    /// The provider's OAuth error (RFC 6749, 5.2; RFC 8628, 3.5; GitHub's own names): `access_denied` is
    /// `cancelled`, `expired_token` is `session-expired`, a client the provider does not know or lets use the
    /// device flow is `operation-not-allowed`, anything else `invalid-credential`.
    static func failure(_ error: String, description: String?) -> FauthError {
        let words = "\(error)\(description.map { ": " + String($0.prefix(300)) } ?? "")"
        switch error {
        case "access_denied":
            return FauthError(
                .cancelled, message: "The sign-in was denied on the provider's page; nothing was signed in.")
        case "expired_token", "expired_device_code":
            return FauthError(
                .sessionExpired,
                message:
                    "The code expired before it was approved; nothing was signed in. Run the command again for a new code."
            )
        case "invalid_client", "unauthorized_client", "invalid_scope", "device_flow_disabled",
            "incorrect_client_credentials", "unsupported_grant_type":
            return FauthError(
                .operationNotAllowed,
                message:
                    "The provider refused this OAuth client (\(words)). Check the client ID, the client secret and "
                    + "that the client may use the device flow (docs/device-sign-in.md).")
        default:
            return FauthError(.invalidCredential, message: "The provider refused the sign-in (\(words)).")
        }
    }

    /// An answer that is neither the token nor an OAuth error.
    static func unreadable(status: Int, endpoint: String) -> FauthError {
        var error = ResponseReader.malformed(endpoint, "HTTP \(status) without a JSON OAuth answer")
        error.server = ServerDetail(status: status)
        return error
    }

    /// The wait ran out before the person answered.
    static func timedOut(after seconds: Double) -> FauthError {
        let shown = seconds == seconds.rounded() ? String(Int64(seconds)) : String(seconds)
        return FauthError(
            .cancelled, message: "No approval within \(shown) s; nothing was signed in.")
    }
}
