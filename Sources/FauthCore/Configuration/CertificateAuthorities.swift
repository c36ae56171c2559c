#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which certificate authorities fauth trusts, as curl chooses them: the CA file input > `CURL_CA_BUNDLE` >
/// `SSL_CERT_FILE` (a PEM bundle), and `SSL_CERT_DIR` (a hashed folder) when no file came from the input; each
/// replaces the system's authorities. A named file or folder that cannot be read is a `usage` error naming where it came from.
package enum CertificateAuthorities {
    /// The trust setting the flag and environment give; empty variables count as unset. A file that is a pipe is
    /// read whole now, within `timeout` seconds (`PipedCertificateBundle`).
    package static func resolve(
        caFileFlag: String?, environment: [String: String],
        timeout: Double = CallOptions.defaultTimeout
    ) throws -> TrustedCertificates {
        if let caFileFlag {
            return try bundle(caFileFlag, source: .input(.caFile), timeout: timeout)
        }
        let fileVariable = ["CURL_CA_BUNDLE", "SSL_CERT_FILE"].first { !(environment[$0] ?? "").isEmpty }
        var trust =
            try fileVariable.map { try bundle(environment[$0]!, source: .variable($0), timeout: timeout) } ?? .system
        trust.caDirectory = try environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            .map { try folder($0, source: .variable("SSL_CERT_DIR")) }
        return trust
    }

    /// The bundle at `path`: the file itself, or, for a pipe, fauth's copy of what it carried, named by `path`.
    private static func bundle(_ path: String, source: InputSource, timeout: Double) throws -> TrustedCertificates {
        let file = try readableFile(path, source: source, timeout: timeout)
        return TrustedCertificates(caFile: file, caFileName: file == path ? nil : path)
    }

    private static func readableFile(_ path: String, source: InputSource, timeout: Double) throws -> String {
        var info = stat()
        // A pipe serves too (`--ca-file <(vault read …)`): read whole now, and kept for every connection to read.
        guard !path.isEmpty, stat(path, &info) == 0, access(path, R_OK) == 0 else {
            throw source.invalid("'\(path)' is not a readable file of CA certificates")
        }
        if let refusal = InputFile.refusal(forMode: info.st_mode) {
            throw source.invalid("'\(path)' \(refusal) of CA certificates")
        }
        guard info.st_mode & S_IFMT == S_IFIFO else { return path }
        return try PipedCertificateBundle.copy(of: path, source: source, within: timeout)
    }

    private static func folder(_ path: String, source: InputSource) throws -> String {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, access(path, R_OK | X_OK) == 0 else {
            throw source.invalid("'\(path)' is not a readable folder of CA certificates")
        }
        return path
    }
}
