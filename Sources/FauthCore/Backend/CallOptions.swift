/// How every backend call of a command is made, wherever it goes: the total deadline of one call and the certificate
/// authorities its TLS connections trust. Not part of a session: the next command gives its own.
package struct CallOptions: Sendable, Equatable {
    /// The total time one call may take, retries included, in seconds.
    package var timeout: Double
    /// The certificate authorities the server's TLS certificate must chain to.
    package var trust: TrustedCertificates

    /// The deadline used when none is given, in seconds.
    package static let defaultTimeout: Double = 30

    /// Makes call options.
    package init(timeout: Double = CallOptions.defaultTimeout, trust: TrustedCertificates = .system) {
        self.timeout = timeout
        self.trust = trust
    }
}
