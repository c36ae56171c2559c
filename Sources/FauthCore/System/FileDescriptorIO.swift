#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and writes on raw file descriptors, retrying interrupted calls and short writes; shared with
/// FauthCLI (package access), not part of the library's public API.
package enum FileDescriptorIO {
    /// Reads until end of file; nil when the content is longer than `limit` bytes. With `seconds`, for a descriptor
    /// opened non-blocking (a pipe), every read waits in `poll` until there is data or the writer has gone (on a FIFO
    /// nobody has opened yet, a read would say end of file at once), all within that many seconds: past them, an
    /// `ETIMEDOUT` error from `poll`.
    package static func readAll(_ descriptor: Int32, limit: Int, within seconds: Double? = nil) throws(SystemError)
        -> [UInt8]?
    {
        let deadline = seconds.map { MonotonicTime.now().adding(seconds: $0) }
        var content: [UInt8] = []
        while true {
            if let deadline {
                try waitForInput(descriptor, until: deadline)
            }
            // Read into a chunk's uninitialised room: zeroing 16 KiB first cost as much as the rest of a small read.
            var count = 0
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: 16_384) { room, initialized in
                count = read(descriptor, room.baseAddress, room.count)
                failure = count < 0 ? errno : 0
                initialized = max(count, 0)
            }
            if count < 0 {
                if failure == EINTR || (deadline != nil && failure == EAGAIN) {
                    continue
                }
                throw SystemError(operation: "read", code: failure)
            }
            if count == 0 {
                return content
            }
            if content.isEmpty { content = chunk } else { content += chunk }
            if content.count > limit {
                return nil
            }
        }
    }

    /// Waits until `descriptor` has input or its writer has gone; `ETIMEDOUT` when `deadline` comes first.
    private static func waitForInput(_ descriptor: Int32, until deadline: MonotonicTime) throws(SystemError) {
        while true {
            let left = deadline.seconds(since: MonotonicTime.now())
            guard left > 0 else { throw SystemError(operation: "poll", code: ETIMEDOUT) }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(min((left * 1000).rounded(.up), Double(Int32.max))))
            if ready > 0 {
                return
            }
            if ready < 0 && errno != EINTR {
                throw SystemError.current("poll")
            }
        }
    }

    /// Writes every byte, looping over short writes and `EINTR`.
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if count < 0 {
                if errno == EINTR {
                    continue
                }
                throw SystemError.current("write")
            }
            offset += count
        }
    }

    /// Replaces `path` atomically with `bytes`: a 0600 file at `temporaryPath` (same folder) written in full and
    /// synced (`writeNewFile`), then renamed over `path`; any failure removes the temporary file and leaves `path` as
    /// it was. The caller syncs the folder.
    package static func replaceAtomically(_ path: String, with bytes: [UInt8], temporaryPath: String)
        throws(SystemError)
    {
        try writeNewFile(temporaryPath, bytes)
        guard rename(temporaryPath, path) == 0 else {
            let error = SystemError.current("rename")
            unlink(temporaryPath)
            throw error
        }
    }

    /// Creates the 0600 file `path` (it must not exist; links are not followed) holding `bytes`, written in full and
    /// synced, so that the blocks are the file's; any failure removes it.
    package static func writeNewFile(_ path: String, _ bytes: [UInt8]) throws(SystemError) {
        try createNewFile(path) { descriptor throws(SystemError) in
            try writeAll(descriptor, bytes)
            guard fsync(descriptor) == 0 else { throw SystemError.current("fsync") }
        }
    }

    /// Creates the 0600 file `path` (as `writeNewFile`) with `byteCount` bytes of disk allocated to it, so that a full
    /// disk fails here (`ENOSPC`): `posix_fallocate` takes the blocks at once and needs no sync (the file is a
    /// placeholder, never read, removed after use); where the file system cannot, glibc writes into each block.
    package static func reserveNewFile(_ path: String, byteCount: Int) throws(SystemError) {
        try createNewFile(path) { descriptor throws(SystemError) in
            var failure = EINTR
            while failure == EINTR { failure = posix_fallocate(descriptor, 0, off_t(byteCount)) }
            guard failure == 0 else { throw SystemError(operation: "posix_fallocate", code: failure) }
        }
    }

    /// Creates the 0600 file `path` (it must not exist; links are not followed), lets `fill` write it, and closes it;
    /// any failure removes it.
    private static func createNewFile(_ path: String, _ fill: (Int32) throws(SystemError) -> Void)
        throws(SystemError)
    {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SystemError.current("open") }
        do throws(SystemError) {
            guard fchmod(descriptor, 0o600) == 0 else { throw SystemError.current("fchmod") }
            try fill(descriptor)
            guard close(descriptor) == 0 else { throw SystemError.current("close") }
        } catch {
            close(descriptor)
            unlink(path)
            throw error
        }
    }

    /// Opens a file for reading (with `O_NOFOLLOW` unless `followingLinks`, `O_NONBLOCK` when `nonBlocking`, so that
    /// opening a FIFO never waits for a writer); retries `EINTR`.
    package static func openForReading(_ path: String, followingLinks: Bool, nonBlocking: Bool = false)
        throws(SystemError) -> Int32
    {
        while true {
            let descriptor = open(
                path, O_RDONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW) | (nonBlocking ? O_NONBLOCK : 0))
            if descriptor >= 0 {
                return descriptor
            }
            if errno != EINTR {
                throw SystemError.current("open")
            }
        }
    }
}
