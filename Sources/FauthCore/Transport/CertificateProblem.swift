/// Why a server's TLS certificate did not verify.
package enum CertificateProblem: String, Sendable, Equatable {
    /// It does not chain to a trusted authority (unknown or self-signed CA).
    case untrusted = "is not trusted"
    /// Its validity ended.
    case expired = "has expired"
    /// Its validity has not begun.
    case notYetValid = "is not valid yet"
    /// It names another host.
    case wrongName = "is for another name"
    /// The trusted authorities themselves could not be loaded (a bad CA file).
    case authoritiesUnusable = "could not be checked: the CA certificates could not be loaded"

    /// The problem behind libcurl's CURLE_PEER_FAILED_VERIFICATION, from OpenSSL's verification result
    /// (X509_V_ERR_*): 9 not yet valid, 10 expired, 62 and 64 a host name or IP address mismatch, and 0 or 1
    /// (the chain verified and libcurl's own host name check failed, which libcurl records as 1,
    /// X509_V_ERR_UNSPECIFIED) too; anything else is an untrusted chain.
    init(verifyResult: Int) {
        switch verifyResult {
        case 9: self = .notYetValid
        case 10: self = .expired
        case 0, 1, 62, 64: self = .wrongName
        default: self = .untrusted
        }
    }
}
