import CCurlShim
import CTLSShim

/// TLS over a `DeadlineSocket`: libssl encrypts and decrypts in memory, and every byte moves through the socket, so
/// the request's deadline bounds the handshake and each read and write. Failures carry libcurl's codes for the same
/// thing: a certificate that does not verify is 60, any other handshake failure 35.
final class TLSChannel: ByteChannel {
    /// The connection underneath.
    let socket: DeadlineSocket
    private let connection: OpaquePointer
    /// Ciphertext moving between the socket and libssl.
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 1)

    /// Runs the handshake for `host` (sent as SNI and checked against the certificate; an IP address literal is
    /// checked against the certificate's addresses) over `socket`.
    init(socket: DeadlineSocket, context: TLSContext, host: String) throws(TransportFailure) {
        self.socket = socket
        let isAddress = HostResolver.literal(host) != nil
        guard let connection = fauth_tls_new(context.pointer, host, isAddress ? 1 : 0) else {
            scratch.deallocate()
            throw .tls(code: Int(FAUTH_CURLE_SSL_CONNECT_ERROR), message: "the TLS connection could not be set up")
        }
        self.connection = connection
        try handshake()
    }

    deinit {
        fauth_tls_free(connection)
        scratch.deallocate()
    }

    /// Encrypts and sends all of `bytes`.
    func sendAll(_ bytes: [UInt8]) throws(TransportFailure) {
        let written = bytes.withUnsafeBytes { fauth_tls_write(connection, $0.baseAddress, Int32($0.count)) }
        guard written == Int32(bytes.count) || bytes.isEmpty else {
            throw .connectionReset(code: Int(FAUTH_CURLE_SEND_ERROR), message: "TLS send failure: \(TLSContext.failureText())")
        }
        try flush()
    }

    /// Decrypts what has arrived into `buffer` (waiting for something); 0 once the server has closed.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws(TransportFailure) -> Int {
        while true {
            let result = fauth_tls_read(connection, buffer.baseAddress, Int32(min(buffer.count, Int(Int32.max))))
            switch result {
            case let count where count > 0:
                return Int(count)
            case Int32(FAUTH_TLS_CLOSED):
                return 0
            case Int32(FAUTH_TLS_WANTS_INPUT):
                try flush()
                guard try pull() else { return 0 }
            default:
                throw .connectionReset(code: Int(FAUTH_CURLE_RECV_ERROR), message: "TLS receive failure: \(TLSContext.failureText())")
            }
        }
    }

    private func handshake() throws(TransportFailure) {
        while true {
            let result = fauth_tls_handshake(connection)
            do {
                try flush()
            } catch {
                throw handshakeFailure(error)
            }
            switch result {
            case Int32(FAUTH_TLS_DONE):
                return
            case Int32(FAUTH_TLS_WANTS_INPUT):
                let more: Bool
                do {
                    more = try pull()
                } catch {
                    throw handshakeFailure(error)
                }
                guard more else {
                    throw .tls(code: Int(FAUTH_CURLE_SSL_CONNECT_ERROR), message: "the server closed the connection during the TLS handshake")
                }
            default:
                let verifyResult = fauth_tls_verify_result(connection)
                guard verifyResult == 0 else {
                    let text = String(cString: fauth_tls_verify_text(verifyResult))
                    throw .certificate(CertificateProblem(verifyResult: verifyResult), code: Int(FAUTH_CURLE_PEER_FAILED_VERIFICATION),
                                       message: "SSL certificate problem: \(text)")
                }
                let reason = TLSContext.failureText()
                throw .tls(code: Int(FAUTH_CURLE_SSL_CONNECT_ERROR), message: reason.isEmpty ? "the TLS handshake failed" : reason)
            }
        }
    }

    /// A socket failure during the handshake is a handshake failure (35), as libcurl reports it; a timeout stays one.
    private func handshakeFailure(_ error: TransportFailure) -> TransportFailure {
        if case .timedOut = error { return error }
        return .tls(code: Int(FAUTH_CURLE_SSL_CONNECT_ERROR), message: "the connection broke during the TLS handshake: \(error.message)")
    }

    /// Sends what libssl has for the server.
    private func flush() throws(TransportFailure) {
        while true {
            let count = fauth_tls_take_output(connection, scratch.baseAddress, Int32(scratch.count))
            guard count > 0 else { return }
            try socket.sendAll(Array(UnsafeRawBufferPointer(rebasing: scratch[0..<Int(count)])))
        }
    }

    /// Reads ciphertext from the socket into libssl; false at the end of the connection.
    private func pull() throws(TransportFailure) -> Bool {
        let count = try socket.receive(into: scratch)
        guard count > 0 else { return false }
        guard fauth_tls_feed(connection, scratch.baseAddress, Int32(count)) == 0 else {
            throw .other(code: Int(FAUTH_CURLE_RECV_ERROR), message: "out of memory reading the TLS connection")
        }
        return true
    }
}
