import CCurlShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libcurl easy handle kept for every request a transport sends, so that libcurl's connection cache, which
/// lives in the handle, reuses one connection (one TLS handshake) for all of a command's calls. Requests take
/// turns on it; its options are reset after each one, its connections kept.
final class CurlHandle: @unchecked Sendable {  // `stored` is only touched while `lock` is held
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var stored: UnsafeMutableRawPointer?

    /// An empty holder; the handle is made on first use (libcurl must be loaded by then).
    init() {
        pthread_mutex_init(lock, nil)
    }

    deinit {
        if let stored { fauth_curl_easy_cleanup(stored) }
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with the handle (made when there is none yet), then resets its options.
    func withHandle(_ body: (UnsafeMutableRawPointer) throws(TransportFailure) -> TransportResponse)
        throws(TransportFailure) -> TransportResponse
    {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if stored == nil {
            stored = fauth_curl_easy_init()
        }
        guard let handle = stored else {
            throw .other(code: Int(FAUTH_CURLE_FAILED_INIT), message: "curl_easy_init failed")
        }
        defer { fauth_curl_easy_reset(handle) }
        return try body(handle)
    }
}
