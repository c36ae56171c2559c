#if canImport(Glibc)
import Glibc
#endif

/// The one rule for a file fauth reads whole (a config file, a password or token `@FILE`, a CA bundle that is a
/// pipe): a regular file or a pipe is read to its end, at most `limit` bytes, within the command's timeout; a FIFO
/// nobody writes to fails when the timeout comes (opening it never waits); a folder or a device is refused unread.
package enum InputFile {
    /// Why a file was not read, worded to follow its path ("'x' is a folder").
    package enum Problem: Error, CustomStringConvertible {
        /// Not a regular file or a pipe: what it is instead ("is a folder").
        case refused(String)
        /// The pipe did not reach its end within this many seconds.
        case timedOut(Double)
        /// More than this many bytes.
        case tooLarge(Int)
        /// A system call failed (no such file, no permission).
        case system(SystemError)

        package var description: String {
            switch self {
            case .refused(let kind): kind
            case .timedOut(let seconds):
                "did not reach its end within the \(seconds) s timeout (a FIFO nobody writes to never does)"
            case .tooLarge(let limit): "is larger than \(limit) bytes"
            case .system(let error): "could not be read (\(error.operation): \(error.description))"
            }
        }
    }

    /// The bytes of the file at `path` (links followed), under the rule above.
    package static func read(_ path: String, limit: Int, within seconds: Double) throws(Problem) -> [UInt8] {
        let descriptor: Int32
        do throws(SystemError) {
            descriptor = try FileDescriptorIO.openForReading(path, followingLinks: true, nonBlocking: true)
        } catch {
            throw .system(error)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(SystemError.current("fstat")) }
        if let refusal = refusal(forMode: info.st_mode) { throw .refused(refusal) }
        let bytes: [UInt8]?
        do throws(SystemError) {
            bytes = try FileDescriptorIO.readAll(descriptor, limit: limit, within: seconds)
        } catch {
            throw error.code == ETIMEDOUT ? .timedOut(seconds) : .system(error)
        }
        guard let bytes else { throw .tooLarge(limit) }
        return bytes
    }

    /// Why a file of this mode is not read ("is a folder, not a file"), nil for a regular file or a pipe.
    package static func refusal(forMode mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG, S_IFIFO: nil
        case S_IFDIR: "is a folder, not a file"
        case S_IFCHR, S_IFBLK: "is a device, not a file"
        default: "is not a regular file or a pipe"
        }
    }
}
