import Glibc

/// Unbuffered writes to standard output and standard error (the ready line must reach a pipe at once).
enum Console {
    /// Writes `text` to standard output.
    static func print(_ text: String) {
        write(STDOUT_FILENO, text)
    }

    /// Writes `fauth-emulator: MESSAGE` and a newline to standard error.
    static func complain(_ message: String) {
        write(STDERR_FILENO, "fauth-emulator: \(message)\n")
    }

    /// Writes all of `text` to `fd`, retrying short writes and EINTR; stops at another error.
    static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
