import CCurlShim
import CTLSShim

/// libssl's client settings for one set of trusted authorities: the chain verified against them, TLS 1.2 or later,
/// HTTP/1.1 offered by ALPN. Made once per transport and trust setting, for all of its connections.
final class TLSContext: @unchecked Sendable {  // libssl's context is safe to share once made
    /// The authorities it trusts.
    let trust: TrustedCertificates
    /// libssl's `SSL_CTX`.
    let pointer: UnsafeMutableRawPointer

    /// Loads libssl when needed and the authorities `trust` names; authorities that cannot be loaded are
    /// `certificate(.authoritiesUnusable)` (libcurl's 77), libssl missing is libcurl's 2.
    init(trust: TrustedCertificates) throws(TransportFailure) {
        var loadMessage: UnsafePointer<CChar>?
        guard fauth_tls_load(&loadMessage) == 0 else {
            let reason = loadMessage.map { String(cString: $0) } ?? "unknown reason"
            throw .other(code: Int(FAUTH_CURLE_FAILED_INIT), message: "libssl could not be loaded: \(reason)")
        }
        guard let pointer = fauth_tls_context_new(trust.caFile, trust.caDirectory) else {
            let reason = TLSContext.failureText()
            let named = "CAfile: \(trust.caFile ?? "none") CApath: \(trust.caDirectory ?? "none")"
            throw .certificate(.authoritiesUnusable, code: Int(FAUTH_CURLE_SSL_CACERT_BADFILE),
                               message: "error setting certificate verify locations: \(named)\(reason.isEmpty ? "" : " (\(reason))")")
        }
        self.trust = trust
        self.pointer = pointer
    }

    deinit {
        fauth_tls_context_free(pointer)
    }

    /// Why the latest libssl step on this thread failed, in OpenSSL's words ("" when it recorded nothing).
    static func failureText() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        fauth_tls_failure(&buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
