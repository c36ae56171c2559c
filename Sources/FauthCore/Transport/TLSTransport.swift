#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCurlShim
import CTLSShim

/// An `HTTPTransport` for `https://` reached directly (no proxy): HTTP/1.1 over TLS with OpenSSL, linked in by the
/// release build or else libssl loaded with dlopen on the first request. It behaves as `CurlTransport` does for such
/// URLs (same requests, certificate checks, deadlines, body cap, failures and libcurl codes) without loading
/// libcurl and its ~30 libraries. It keeps the connection after a response that allows it, so a command's calls to
/// one server share one TLS handshake; a kept connection the server has closed is replaced, and a request is sent
/// again on a new one only when the old one failed before any response byte arrived.
public struct TLSTransport: HTTPTransport {
    /// The most response body bytes accepted; a larger body is a failure.
    public var maximumBodySize: Int
    /// The longest wait for a connection, in seconds (never more than the request's total timeout).
    public var connectTimeout: Double
    /// The connection and TLS settings kept between requests, shared by copies of this transport.
    private let kept = KeptTLSConnection()

    /// Makes a transport with these limits.
    public init(maximumBodySize: Int = CurlTransport.defaultMaximumBodySize,
                connectTimeout: Double = CurlTransport.defaultConnectTimeout) {
        self.maximumBodySize = maximumBodySize
        self.connectTimeout = connectTimeout
    }

    /// Whether this transport can send to `url`: an `https://` URL.
    public static func handles(_ url: String) -> Bool {
        URLParts(url: url)?.scheme == "https"
    }

    /// Whether libssl (OpenSSL 3 or 1.1) can be loaded on this system; it is loaded by the first call.
    public static var isAvailable: Bool {
        fauth_tls_load(nil) == 0
    }

    /// The TLS library HTTPS goes over and how it came into the process, such as "OpenSSL 3.0.19 27 Jan 2026,
    /// linked in" (loading it if needed).
    public static var libraryDescription: String {
        var reason: UnsafePointer<CChar>?
        guard fauth_tls_load(&reason) == 0 else {
            return "libssl could not be loaded (\(reason.map { String(cString: $0) } ?? "no reason given")), so HTTPS goes through libcurl"
        }
        let version = String(cString: fauth_tls_version())
        return fauth_tls_is_linked() == 1 ? "\(version), linked in" : "\(version), the system's libssl loaded at run time"
    }

    /// Sends `request` and returns whatever response arrived, or the reason none did.
    public func send(_ request: TransportRequest) throws(TransportFailure) -> TransportResponse {
        guard let parts = URLParts(url: request.url), parts.scheme == "https" else {
            throw .other(code: Int(FAUTH_CURLE_BAD_FUNCTION_ARGUMENT), message: "not an https:// URL")
        }
        let bytes = try HTTPExchange.requestBytes(request, authority: parts.authority, pathAndQuery: parts.pathAndQuery)
        let deadlines = RequestDeadlines(timeout: request.timeout, connectTimeout: connectTimeout)
        let origin = KeptTLSConnection.Origin(host: parts.host.lowercased(), port: parts.port, trust: request.trust)
        let expectsBody = request.method != "HEAD"

        return try kept.withLock { (state) throws(TransportFailure) -> TransportResponse in
            // Sends the request on `channel`, which is kept when the answer allows it.
            func send(on channel: TLSChannel, _ attempt: inout HTTPExchange) throws(TransportFailure) -> TransportResponse {
                let outcome = try attempt.run(bytes, over: channel, expectsBody: expectsBody)
                state.keep(outcome.connectionReusable ? channel : nil, for: origin)
                return outcome.response
            }
            if let reused = state.take(for: origin) {
                reused.socket.renew(for: deadlines)
                var attempt = HTTPExchange(maximumBodySize: maximumBodySize)
                do throws(TransportFailure) {
                    return try send(on: reused, &attempt)
                } catch {
                    guard case .connectionReset = error, !attempt.receivedAnything else { throw error }
                    // The server closed the kept connection as the request went out: send it on a new one.
                }
            }
            let channel = try connect(to: parts, trust: request.trust, state: &state, within: deadlines)
            var attempt = HTTPExchange(maximumBodySize: maximumBodySize)
            return try send(on: channel, &attempt)
        }
    }

    /// A new connection to the URL's host, its name resolved within the connect deadline, with the handshake done.
    private func connect(to parts: URLParts, trust: TrustedCertificates, state: inout KeptTLSConnection.State,
                         within deadlines: RequestDeadlines) throws(TransportFailure) -> TLSChannel {
        let context = try state.context(for: trust)
        let remaining = deadlines.connectDeadline.seconds(since: MonotonicTime.now())
        guard let addresses = try HostResolver.addresses(of: parts.host, within: max(remaining, 0)) else {
            throw .hostNotFound(code: Int(FAUTH_CURLE_COULDNT_RESOLVE_HOST), message: "Could not resolve host: \(parts.host)")
        }
        let socket = try DeadlineSocket.firstAccepting(addresses, port: parts.port, within: deadlines)
        do throws(TransportFailure) {
            return try TLSChannel(socket: socket, context: context, host: parts.host)
        } catch {
            guard case .certificate(.untrusted, _, _) = error, context.fileDeferred else { throw error }
            // The hashed folder does not know the chain's authority: the bundle beside it decides, on a new connection.
            try context.addDeferredFile()
            let again = try DeadlineSocket.firstAccepting(addresses, port: parts.port, within: deadlines)
            return try TLSChannel(socket: again, context: context, host: parts.host)
        }
    }
}

/// What a `TLSTransport` keeps between requests: the TLS context for the latest trust setting, and the open
/// connection to the latest server. Requests take turns on it.
final class KeptTLSConnection: @unchecked Sendable {  // `state` is only touched while `lock` is held
    /// A server and the authorities its certificate was checked against: a kept connection serves only the same.
    struct Origin: Equatable {
        let host: String
        let port: UInt16
        let trust: TrustedCertificates
    }

    /// The kept context and connection.
    struct State {
        fileprivate var context: TLSContext?
        fileprivate var connection: (origin: Origin, channel: TLSChannel)?

        /// The kept connection to `origin` if it is still open (taken out: a failed request must not leave it).
        mutating func take(for origin: Origin) -> TLSChannel? {
            defer { connection = nil }
            guard let connection, connection.origin == origin, !connection.channel.socket.isClosedOrUnsolicited else { return nil }
            return connection.channel
        }

        /// Keeps `channel` for the next request to `origin` (nil: keeps nothing).
        mutating func keep(_ channel: TLSChannel?, for origin: Origin) {
            connection = channel.map { (origin, $0) }
        }

        /// The context for `trust`, made when the kept one is for other authorities.
        mutating func context(for trust: TrustedCertificates) throws(TransportFailure) -> TLSContext {
            if let context, context.trust == trust { return context }
            let made = try TLSContext(trust: trust)
            context = made
            return made
        }
    }

    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var state = State()

    init() {
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with the kept state, one request at a time.
    func withLock(_ body: (inout State) throws(TransportFailure) -> TransportResponse) throws(TransportFailure) -> TransportResponse {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&state)
    }
}
