#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: what was attempted and the `errno` it left.
package struct SystemError: Error, Sendable, Equatable {
    /// What was attempted, e.g. `open` or `rename`.
    package var operation: String
    /// The `errno` value.
    package var code: Int32

    /// Captures the current `errno` for `operation`.
    package static func current(_ operation: String) -> SystemError {
        SystemError(operation: operation, code: errno)
    }

    /// The C library's text for the code, e.g. "Permission denied".
    package var description: String { String(cString: strerror(code)) }
}
