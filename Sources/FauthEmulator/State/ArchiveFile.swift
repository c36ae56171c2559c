import FauthJSON
import Glibc

/// Writing an export's files: owner-only (0600 files in 0700 folders, whatever the umask, as they hold the accounts'
/// passwords), each written to a temporary file and renamed into place, in buffered chunks so that memory does not
/// grow with the number of accounts.
struct ArchiveFile {
    private let fd: Int32
    private let temporaryPath: String
    private let path: String
    private var buffer: [UInt8] = []
    private static let chunk = 1 << 20

    /// Creates `directory` (and missing parents) with mode 0700 when missing, and sets 0700 on it when `restrict`.
    static func makeDirectory(_ directory: String, restrict: Bool) throws(StateArchiveError) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw StateArchiveError(description: "cannot create \(prefix): \(String(cString: strerror(errno)))")
            }
        }
        if restrict, chmod(directory, 0o700) != 0 {
            throw StateArchiveError(
                description: "cannot set the mode of \(directory): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `value` as compact JSON to `path`.
    static func writeJSON(_ value: JSONValue, to path: String) throws(StateArchiveError) {
        var file = try ArchiveFile(path: path)
        try file.append(value.serializedBytes(pretty: false))
        try file.commit()
    }

    /// Opens a new temporary file beside `path`, mode 0600.
    init(path: String) throws(StateArchiveError) {
        self.path = path
        temporaryPath = path + ".tmp-\(getpid())"
        unlink(temporaryPath)
        fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw StateArchiveError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        // The umask can only take bits away from 0600; fchmod makes the mode exact.
        fchmod(fd, 0o600)
        buffer.reserveCapacity(Self.chunk)
    }

    /// Appends bytes, writing out a full chunk.
    mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(StateArchiveError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunk { try flush() }
    }

    /// Writes what is left and renames the file into place.
    mutating func commit() throws(StateArchiveError) {
        try flush()
        guard close(fd) == 0, rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw StateArchiveError(description: "cannot write \(path): \(reason)")
        }
    }

    private mutating func flush() throws(StateArchiveError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporaryPath)
                throw StateArchiveError(description: "cannot write \(path): \(reason)")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
