#if canImport(Glibc)
import Glibc
#endif
import CTLSShim

/// A CA bundle that comes through a pipe (`--ca-file <(…)`, a FIFO, `SSL_CERT_FILE` naming one): read to its end
/// once, when the configuration is resolved, at most `limit` bytes and within the command's timeout, and kept in an
/// anonymous file in memory whose `/proc/self/fd` path libssl and libcurl open as often as they need. So a pipe that
/// never ends, or a FIFO nobody writes to, fails the command instead of holding it, and a second connection (libcurl,
/// or a bundle tried after the hashed folder) finds the bundle again.
enum PipedCertificateBundle {
    /// The most a pipe may carry: far above any real bundle (the system's is about 220 KB).
    static let limit = 8 << 20

    /// The path of an in-memory copy of what the pipe at `path` carries; `source` names it in a `usage` error.
    static func copy(of path: String, source: InputSource, within timeout: Double) throws -> String {
        let outcome: [UInt8]??
        do throws(SystemError) {
            let pipe = try FileDescriptorIO.openForReading(path, followingLinks: true, nonBlocking: true)
            defer { close(pipe) }
            outcome = try readToEnd(pipe, until: MonotonicTime.now().adding(seconds: timeout))
        } catch {
            throw source.invalid("'\(path)' could not be read (\(error.operation): \(error.description))")
        }
        guard let outcome else {
            throw source.invalid("'\(path)' did not reach its end within the \(timeout) s timeout (a pipe is read whole before any request)")
        }
        guard let bytes = outcome else {
            throw source.invalid("'\(path)' carried more than \(limit >> 20) MiB, far more than a bundle of CA certificates")
        }
        let copy = fauth_tls_memory_file()
        do throws(SystemError) {
            guard copy >= 0 else { throw SystemError.current("memfd_create") }
            try FileDescriptorIO.writeAll(copy, bytes)
        } catch {
            if copy >= 0 { close(copy) }
            throw FauthError(.ioError, message: "Cannot keep the CA certificates read from '\(path)': \(error.description).",
                             underlying: error.underlying)
        }
        return "/proc/self/fd/\(copy)"  // open for the rest of the process
    }

    /// The pipe's bytes up to its end; `.some(nil)` past `limit`, nil when `deadline` comes first. A read is made only
    /// after `poll` says there is data or the writer has gone: on a FIFO nobody has opened yet a read would say end of
    /// file at once.
    private static func readToEnd(_ pipe: Int32, until deadline: MonotonicTime) throws(SystemError) -> [UInt8]?? {
        var content: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = deadline.seconds(since: MonotonicTime.now())
            guard left > 0 else { return nil }
            var request = pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(min((left * 1000).rounded(.up), Double(Int32.max))))
            if ready < 0 {
                if errno == EINTR { continue }
                throw SystemError.current("poll")
            }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(pipe, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw SystemError.current("read")
            }
            if count == 0 { return .some(content) }
            content += chunk[0..<count]
            if content.count > limit { return .some(nil) }
        }
    }
}
