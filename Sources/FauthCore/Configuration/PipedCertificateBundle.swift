import CCurlShim

#if canImport(Glibc)
import Glibc
#endif

/// A CA bundle that comes through a pipe (`--ca-file <(…)`, a FIFO, `SSL_CERT_FILE` naming one): read to its end
/// once, when the configuration is resolved, at most `limit` bytes and within the command's timeout, and kept in an
/// anonymous file in memory whose `/proc/self/fd` path libcurl opens as often as it needs. So a pipe that
/// never ends, or a FIFO nobody writes to, fails the command instead of holding it, and a second connection
/// finds the bundle again.
enum PipedCertificateBundle {
    /// The most a pipe may carry: far above any real bundle (the system's is about 220 KB).
    static let limit = 8 << 20

    /// The path of an in-memory copy of what the pipe at `path` carries; `source` names it in a `usage` error.
    static func copy(of path: String, source: InputSource, within timeout: Double) throws -> String {
        let bytes: [UInt8]
        do throws(InputFile.Problem) {
            bytes = try InputFile.read(path, limit: limit, within: timeout)
        } catch {
            switch error {
            case .timedOut:
                throw source.invalid("'\(path)' \(error.description); a pipe is read whole before any request")
            case .tooLarge:
                throw source.invalid(
                    "'\(path)' carried more than \(limit >> 20) MiB, far more than a bundle of CA certificates")
            case .refused, .system:
                throw source.invalid("'\(path)' \(error.description)")
            }
        }
        let copy = fauth_curl_memory_file()
        do throws(SystemError) {
            guard copy >= 0 else { throw SystemError.current("memfd_create") }
            try FileDescriptorIO.writeAll(copy, bytes)
        } catch {
            if copy >= 0 { close(copy) }
            throw FauthError(
                .ioError, message: "Cannot keep the CA certificates read from '\(path)': \(error.description).",
                underlying: error.underlying)
        }
        return "/proc/self/fd/\(copy)"  // open for the rest of the process
    }
}
