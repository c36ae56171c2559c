/// Which certificate authorities a TLS connection trusts: the system's (nil both) or the ones named here, which
/// replace them as curl's `--cacert` and `--capath` do.
package struct TrustedCertificates: Sendable, Equatable {
    /// A PEM bundle of CA certificates (libcurl's CAINFO).
    package var caFile: String?
    /// A folder of hashed CA certificates, as `c_rehash` makes it (libcurl's CAPATH).
    package var caDirectory: String?
    /// The name the bundle was given, for messages, where `caFile` is fauth's copy of what a pipe carried.
    package var caFileName: String?

    /// The system's authorities.
    package static let system = TrustedCertificates()

    /// Makes a trust setting.
    package init(caFile: String? = nil, caDirectory: String? = nil, caFileName: String? = nil) {
        self.caFile = caFile
        self.caDirectory = caDirectory
        self.caFileName = caFileName
    }
}
