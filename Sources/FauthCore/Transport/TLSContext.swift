import CCurlShim
import CTLSShim

/// libssl's client settings for one set of trusted authorities: the chain verified against them, TLS 1.2 or later,
/// HTTP/1.1 offered by ALPN. Made once per transport and trust setting, for all of its connections.
///
/// A bundle file beside a hashed folder (the system's pair, or `SSL_CERT_FILE` with `SSL_CERT_DIR`) is deferred: the
/// folder answers first, one certificate at a time, and the bundle is added only for a chain the folder cannot
/// verify (`addDeferredFile`), so the same authorities are trusted without parsing the whole bundle for every command.
final class TLSContext: @unchecked Sendable {  // used only under its transport's lock
    /// The authorities it trusts.
    let trust: TrustedCertificates
    /// libssl's `SSL_CTX`.
    let pointer: UnsafeMutableRawPointer
    /// Whether the bundle file is still waiting for `addDeferredFile`.
    private(set) var fileDeferred: Bool

    /// Loads libssl when needed and the authorities `trust` names; authorities that cannot be loaded are
    /// `certificate(.authoritiesUnusable)` (libcurl's 77), libssl missing is libcurl's 2.
    init(trust: TrustedCertificates) throws(TransportFailure) {
        var loadMessage: UnsafePointer<CChar>?
        guard fauth_tls_load(&loadMessage) == 0 else {
            let reason = loadMessage.map { String(cString: $0) } ?? "unknown reason"
            throw .other(code: Int(FAUTH_CURLE_FAILED_INIT), message: "libssl could not be loaded: \(reason)")
        }
        var deferred: Int32 = 0
        guard let pointer = fauth_tls_context_new(trust.caFile, trust.caDirectory, &deferred) else {
            throw TLSContext.unusable(trust)
        }
        self.trust = trust
        self.pointer = pointer
        self.fileDeferred = deferred == 1
    }

    /// Adds the deferred bundle file to the authorities; a file that cannot be loaded is `authoritiesUnusable`.
    func addDeferredFile() throws(TransportFailure) {
        fileDeferred = false
        guard fauth_tls_context_add_file(pointer, trust.caFile) == 0 else {
            throw TLSContext.unusable(trust)
        }
    }

    /// Authorities `trust` names that libssl could not load (libcurl's 77), with OpenSSL's reason.
    private static func unusable(_ trust: TrustedCertificates) -> TransportFailure {
        let reason = failureText()
        let named = "CAfile: \(trust.caFileName ?? trust.caFile ?? "none") CApath: \(trust.caDirectory ?? "none")"
        return .certificate(.authoritiesUnusable, code: Int(FAUTH_CURLE_SSL_CACERT_BADFILE),
                            message: "error setting certificate verify locations: \(named)\(reason.isEmpty ? "" : " (\(reason))")")
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
