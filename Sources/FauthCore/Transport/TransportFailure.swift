import CCurlShim

/// Why a request got no HTTP response; each case carries libcurl's result code and a message saying what happened.
package enum TransportFailure: Error, Sendable, Equatable {
    /// Nothing listens at the address, or it could not be reached.
    case connectionRefused(code: Int, message: String)
    /// The connection broke or closed before a complete response arrived.
    case connectionReset(code: Int, message: String)
    /// The host name did not resolve.
    case hostNotFound(code: Int, message: String)
    /// The total deadline passed.
    case timedOut(code: Int, message: String)
    /// The TLS handshake failed for another reason than the certificate.
    case tls(code: Int, message: String)
    /// The server's certificate did not verify (`problem` says why).
    case certificate(CertificateProblem, code: Int, message: String)
    /// The proxy's own certificate (an `https://` proxy, `host[:port]`) did not verify.
    case proxyCertificate(proxy: String, CertificateProblem, code: Int, message: String)
    /// The answer passed one of the transport's bounds (`Overflow`) while it was being received; the transfer was
    /// stopped there.
    case responseTooLarge(Overflow, limit: Int, code: Int, message: String)
    /// A URL whose scheme is not `https` or `http`; nothing was sent (libcurl's CURLE_UNSUPPORTED_PROTOCOL).
    case unsupportedScheme(String)
    /// A plain `http://` request whose connection reached `peer`, an address not on this machine; nothing was sent
    /// on it (the check runs on the connected socket, after any name resolution).
    case plainHTTPToAnotherMachine(peer: String)
    /// Anything else: libcurl missing, a bad URL or header.
    case other(code: Int, message: String)
    /// The proxy variable in force (`variable`) names no proxy libcurl can use (`ProxyURL`); nothing was sent.
    case proxySetting(variable: String, problem: String)
    /// The proxy (`host[:port]`) could not be connected to.
    case proxyUnreachable(proxy: String, code: Int, message: String)
    /// The proxy's host name (`host[:port]`) did not resolve.
    case proxyNotFound(proxy: String, code: Int, message: String)
    /// The proxy answered the CONNECT with `status` instead of opening the tunnel (libcurl's CURLINFO_HTTP_CONNECTCODE).
    case tunnelRefused(proxy: String, status: Int, code: Int, message: String)

    /// Which bound an answer passed.
    package enum Overflow: String, Sendable, Equatable {
        /// The body passed the size limit (bytes).
        case body = "body bytes"
        /// The header lines passed their size limit (bytes, every interim answer's included).
        case header = "header bytes"
        /// Too many interim (`1xx`) answers came before a final one.
        case interimAnswers = "interim (1xx) answers"
    }

    /// libcurl's result code (`CURLcode`).
    package var code: Int {
        switch self {
        case .connectionRefused(let code, _), .connectionReset(let code, _), .hostNotFound(let code, _),
            .timedOut(let code, _), .tls(let code, _), .certificate(_, let code, _), .other(let code, _),
            .proxyUnreachable(_, let code, _), .proxyNotFound(_, let code, _), .tunnelRefused(_, _, let code, _),
            .proxyCertificate(_, _, let code, _), .responseTooLarge(_, _, let code, _):
            return code
        case .proxySetting:
            return Int(FAUTH_CURLE_COULDNT_RESOLVE_PROXY)  // what libcurl gives for a proxy URL it cannot parse
        case .unsupportedScheme:
            return Int(FAUTH_CURLE_UNSUPPORTED_PROTOCOL)
        case .plainHTTPToAnotherMachine:
            return Int(FAUTH_CURLE_ABORTED_BY_CALLBACK)
        }
    }

    /// What happened, in libcurl's words or the transport's.
    package var message: String {
        switch self {
        case .connectionRefused(_, let message), .connectionReset(_, let message), .hostNotFound(_, let message),
            .timedOut(_, let message), .tls(_, let message), .certificate(_, _, let message), .other(_, let message),
            .proxyUnreachable(_, _, let message), .proxyNotFound(_, _, let message),
            .tunnelRefused(_, _, _, let message),
            .proxyCertificate(_, _, _, let message), .responseTooLarge(_, _, _, let message):
            return message
        case .proxySetting(let variable, let problem):
            return "\(variable): \(problem)"
        case .unsupportedScheme(let scheme):
            return "Protocol \"\(scheme)\" not supported or disabled in libcurl"
        case .plainHTTPToAnotherMachine(let peer):
            return "plain http:// refused: the connection reached \(peer), which is not this machine"
        }
    }

    /// An answer that passed `overflow`'s bound, `limit`.
    static func tooLarge(_ overflow: Overflow, limit: Int) -> TransportFailure {
        let code = overflow == .body ? FAUTH_CURLE_FILESIZE_EXCEEDED : FAUTH_CURLE_WRITE_ERROR
        return .responseTooLarge(
            overflow, limit: limit, code: Int(code),
            message: "the answer has more than \(limit) \(overflow.rawValue)")
    }

    /// Classifies a libcurl result code; `verifyResult` is OpenSSL's certificate verification result (libcurl's
    /// CURLINFO_SSL_VERIFYRESULT), which tells an expired certificate from an untrusted one.
    init(curlCode: Int, message: String, verifyResult: Int = 0) {
        switch curlCode {
        case Int(FAUTH_CURLE_PEER_FAILED_VERIFICATION):
            self = .certificate(CertificateProblem(verifyResult: verifyResult), code: curlCode, message: message)
        case Int(FAUTH_CURLE_SSL_ISSUER_ERROR), Int(FAUTH_CURLE_SSL_PINNEDPUBKEYNOTMATCH),
            Int(FAUTH_CURLE_SSL_INVALIDCERTSTATUS):
            self = .certificate(.untrusted, code: curlCode, message: message)
        case Int(FAUTH_CURLE_SSL_CACERT_BADFILE):
            self = .certificate(.authoritiesUnusable, code: curlCode, message: message)
        case Int(FAUTH_CURLE_COULDNT_CONNECT):
            self = .connectionRefused(code: curlCode, message: message)
        case Int(FAUTH_CURLE_GOT_NOTHING), Int(FAUTH_CURLE_SEND_ERROR), Int(FAUTH_CURLE_RECV_ERROR),
            Int(FAUTH_CURLE_PARTIAL_FILE):
            self = .connectionReset(code: curlCode, message: message)
        case Int(FAUTH_CURLE_COULDNT_RESOLVE_HOST), Int(FAUTH_CURLE_COULDNT_RESOLVE_PROXY):
            self = .hostNotFound(code: curlCode, message: message)
        case Int(FAUTH_CURLE_OPERATION_TIMEDOUT):
            self = .timedOut(code: curlCode, message: message)
        case Int(FAUTH_CURLE_SSL_CONNECT_ERROR), Int(FAUTH_CURLE_SSL_ENGINE_NOTFOUND),
            Int(FAUTH_CURLE_SSL_ENGINE_SETFAILED), Int(FAUTH_CURLE_SSL_CERTPROBLEM), Int(FAUTH_CURLE_SSL_CIPHER),
            Int(FAUTH_CURLE_SSL_ENGINE_INITFAILED), Int(FAUTH_CURLE_SSL_SHUTDOWN_FAILED),
            Int(FAUTH_CURLE_SSL_CRL_BADFILE), Int(FAUTH_CURLE_SSL_CLIENTCERT):
            self = .tls(code: curlCode, message: message)
        default:
            self = .other(code: curlCode, message: message)
        }
    }
}
