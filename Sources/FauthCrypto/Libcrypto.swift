import CCryptoShim

/// Why a cryptographic operation failed: libcrypto could not be loaded, refused its input, or reported an error.
package struct CryptoError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, in words (never containing key material).
    package let message: String

    /// An error with the message.
    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }

    /// The shim's reason for the last failure on this thread.
    static func last() -> CryptoError {
        CryptoError(String(cString: fauth_crypto_last_error()))
    }
}

/// OpenSSL 3's libcrypto, opened with dlopen on first use (never before: a program that needs no cryptography never
/// loads it).
package enum Libcrypto {
    /// Loads libcrypto if needed; throws a message naming the library and how to get it when it cannot be loaded.
    package static func load() throws(CryptoError) {
        var reason: UnsafePointer<CChar>?
        guard fauth_crypto_load(&reason) == 0 else {
            let detail = reason.map { String(cString: $0) } ?? "unknown reason"
            throw CryptoError(
                "libcrypto (OpenSSL 3, libcrypto.so.3) could not be loaded: \(detail); install the libssl3 package")
        }
    }

    /// The loaded library's version text ("OpenSSL 3.0.19 ..."), or why it could not be loaded.
    package static var version: String {
        do {
            try load()
            return String(cString: fauth_crypto_version())
        } catch {
            return error.message
        }
    }

    /// `count` cryptographically strong random bytes.
    package static func randomBytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        try load()
        var bytes = [UInt8](repeating: 0, count: count)
        guard fauth_crypto_random(&bytes, count) == 0 else { throw CryptoError.last() }
        return bytes
    }
}

extension fauth_crypto_buffer {
    /// The buffer's bytes, copied; the buffer is freed.
    mutating func take() -> [UInt8] {
        defer { fauth_crypto_buffer_free(&self) }
        guard let bytes else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }
}
