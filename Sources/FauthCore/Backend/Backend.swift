import FauthBuild
import FauthJSON
import FauthText

/// Makes backend calls: encodes an endpoint's body, sends it over the transport, retries idempotent calls that
/// failed for a passing reason, checks the status and decodes the answer or maps the failure to a `FauthError`.
package struct Backend: Sendable {
    /// Where calls go, with which key and tenant.
    package let target: BackendTarget
    /// The total deadline of one call and the certificate authorities trusted.
    package let options: CallOptions
    /// What sends the HTTP requests.
    package let transport: any HTTPTransport
    /// Receives one line per request, answer and retry (for `--verbose`); never a body or a secret.
    package let trace: (@Sendable (String) -> Void)?
    /// When idempotent calls are repeated.
    package let retryPolicy: RetryPolicy

    /// The `X-Client-Version` header value.
    package static let clientVersion = "fauth/\(FauthVersion.current)"

    /// Makes a backend.
    package init(
        target: BackendTarget, options: CallOptions = CallOptions(), transport: any HTTPTransport,
        trace: (@Sendable (String) -> Void)? = nil, retryPolicy: RetryPolicy = .standard
    ) {
        self.target = target
        self.options = options
        self.transport = transport
        self.trace = trace
        self.retryPolicy = retryPolicy
    }

    /// Makes the call and returns its decoded answer; every failure is a `FauthError`.
    package func call<E: Endpoint>(_ endpoint: E) throws(FauthError) -> E.Response {
        let isRead = E.method == "GET"
        // A GET carries no body: the tenant, where the service takes one, goes in the query instead.
        let query = isRead ? tenantQuery(for: E.service) : ""
        let request = TransportRequest(
            method: E.method,
            url: target.url(for: E.service, path: E.path) + query,
            headers: (isRead ? [] : [("Content-Type", "application/json")]) + [
                ("X-Client-Version", Self.clientVersion)
            ],
            body: isRead ? [] : body(of: endpoint).serializedBytes(),
            timeout: options.timeout,
            trust: options.trust)
        let response: TransportResponse
        do {
            response = try send(
                request, tracedAs: target.redactedURL(for: E.service, path: E.path) + query,
                maxAttempts: E.isIdempotent ? retryPolicy.maxAttempts : 1)
        } catch {
            throw SecretRedaction().redacted(error)
        }
        do {
            return try decode(response, as: E.self)
        } catch {
            // The server's words may echo what the request carried (a token it could not parse).
            throw SecretRedaction(secrets: endpoint.secrets).redacted(error)
        }
    }

    /// GETs a public document that is not an API call (Google's published signing keys) through the transport, with
    /// the retry policy and the deadline; a 2xx answer, else `network-error` naming the status.
    package func fetchDocument(_ url: String) throws(FauthError) -> TransportResponse {
        let request = TransportRequest(
            method: "GET", url: url, headers: [("X-Client-Version", Self.clientVersion)], body: [],
            timeout: options.timeout, trust: options.trust)
        let response = try send(request, tracedAs: url, maxAttempts: retryPolicy.maxAttempts)
        guard (200..<300).contains(response.status) else {
            var failure = FauthError(
                .networkError, message: "Fetching the public keys at \(url) failed: HTTP \(response.status).")
            failure.server = ServerDetail(status: response.status)
            throw failure
        }
        return response
    }

    /// Sends a request to a server other than Firebase's (a provider's OAuth endpoint) once, over the same transport,
    /// deadline and trace, and returns its answer whatever its status; a transport failure is a `FauthError` as for
    /// `call`, its words cleared of `secrets`. `tracedAs` is what the trace shows of the URL.
    package func exchange(_ request: TransportRequest, tracedAs: String, secrets: [String]) throws(FauthError)
        -> TransportResponse
    {
        do {
            return try send(request, tracedAs: tracedAs, maxAttempts: 1)
        } catch {
            throw SecretRedaction(secrets: secrets).redacted(error)
        }
    }

    /// The endpoint's body, with the configured `tenantId` added where the service takes one.
    func body<E: Endpoint>(of endpoint: E) -> JSONValue {
        guard E.service.takesTenantId, let tenantId = target.tenantId, !tenantId.isEmpty,
            var object = endpoint.body.object
        else {
            return endpoint.body
        }
        object["tenantId"] = .string(tenantId)
        return .object(object)
    }

    /// `&tenantId=…` for the configured tenant where the service takes one, else nothing.
    private func tenantQuery(for service: Service) -> String {
        guard service.takesTenantId, let tenantId = target.tenantId, !tenantId.isEmpty else { return "" }
        return "&tenantId=" + PercentEncoding.encode(tenantId)
    }

    /// Sends `request` up to `maxAttempts` times, within the total deadline, and returns the last answer. A retry that
    /// runs out of the deadline reports the server's last answer: its 429 or 503 says more than the timeout the retry
    /// itself ran into.
    private func send(_ request: TransportRequest, tracedAs tracedURL: String, maxAttempts: Int) throws(FauthError)
        -> TransportResponse
    {
        let start = MonotonicTime.now()
        var attempt = 1
        var lastAnswer: TransportResponse?
        while true {
            var attemptRequest = request
            attemptRequest.timeout = options.timeout - MonotonicTime.now().seconds(since: start)
            trace?("\(request.method) \(tracedURL)")
            let attemptStart = MonotonicTime.now()
            let result: Attempt
            do {
                result = .answered(try transport.send(attemptRequest))
            } catch {
                result = .failed(error)
            }
            let milliseconds = Int((MonotonicTime.now().seconds(since: attemptStart) * 1000).rounded())
            switch result {
            case .answered(let response): trace?("→ \(response.status) in \(milliseconds) ms")
            case .failed(let failure):
                trace?(
                    "→ \(Self.summary(of: failure)) in \(milliseconds) ms: \(SecretRedaction().redacted(failure.message))"
                )
            }

            guard attempt < maxAttempts, let reason = Self.retryReason(result) else {
                let reported: Attempt =
                    if case .failed(.timedOut) = result, let lastAnswer { .answered(lastAnswer) } else { result }
                return try answer(of: reported, url: request.url)
            }
            let delay = Self.retryAfter(result) ?? retryPolicy.backoff(beforeRetry: attempt)
            guard MonotonicTime.now().seconds(since: start) + delay < options.timeout else {
                return try answer(of: result, url: request.url)
            }
            trace?("retrying in \(Self.formatted(delay)) s (\(reason))")
            retryPolicy.sleep(delay)
            if case .answered(let response) = result { lastAnswer = response }
            attempt += 1
        }
    }

    /// What one attempt of a call got. Not a `Result<TransportResponse, TransportFailure>`: that type's metadata is
    /// made from its mangled name on first use, and checking its `TransportFailure: Error` requirement scans every
    /// protocol conformance record, 0.06 M instructions in each command that sends a request (docs/performance.md).
    private enum Attempt {
        /// The server answered (any status).
        case answered(TransportResponse)
        /// No answer: the transport failed.
        case failed(TransportFailure)
    }

    /// The attempt's answer, or its failure thrown as the error it maps to for `url`.
    private func answer(of attempt: Attempt, url: String) throws(FauthError) -> TransportResponse {
        switch attempt {
        case .answered(let response): return response
        case .failed(let failure): throw transportError(failure, url: url)
        }
    }

    /// The decoded answer for a 2xx, else the error the status and body map to.
    private func decode<E: Endpoint>(_ response: TransportResponse, as endpoint: E.Type) throws(FauthError)
        -> E.Response
    {
        switch response.status {
        case 200..<300:
            let json: JSONValue
            do {
                json = try JSONValue.parse(response.body)
            } catch {
                var failure = ResponseReader.malformed(E.path, "the body is not JSON (\(error.message))")
                failure.server = ServerDetail(status: response.status)
                throw failure
            }
            return try E.decode(json)
        default:
            throw ServerErrorMapping.error(
                httpStatus: response.status, body: response.body,
                location: response.header("Location"))
        }
    }

    /// `certificate-error` for a certificate (the server's or the proxy's) that did not verify, `usage` for a proxy
    /// variable that names no usable proxy and for a URL fauth never sends to (another scheme, plain http:// that
    /// reached another machine), `proxy-refused` for a CONNECT the proxy refused (a 5xx is the proxy's passing
    /// trouble: `network-error`), `response-too-large` for an answer past the transport's bounds, else
    /// `network-error`; the message names the cause and the host (or proxy), `underlying` keeps libcurl's code and
    /// words.
    private func transportError(_ failure: TransportFailure, url: String) -> FauthError {
        let code: ErrorCode =
            switch failure {
            case .certificate, .proxyCertificate: .certificateError
            case .proxySetting, .unsupportedScheme, .plainHTTPToAnotherMachine: .usage
            case .tunnelRefused(_, let status, _, _) where status < 500: .proxyRefused
            case .responseTooLarge: .responseTooLarge
            default: .networkError
            }
        var error = FauthError(code, message: failure.explanation(url: url, timeout: options.timeout))
        if case .proxySetting = failure {
        } else {  // libcurl never saw the proxy variable: it has no words of its own
            error.underlying = UnderlyingError(domain: "curl", code: failure.code, message: failure.message)
        }
        if case .timedOut = failure { error.inputProblem = .limitReached(.timeout) }
        return error
    }

    /// Why the attempt is worth repeating (for the trace), or nil when it is not: a connection that failed or broke,
    /// a timeout, a TLS handshake that broke, or an answer whose error is retryable (`ErrorCode.isRetryable`: 429, 502,
    /// 503, 504, a quota exceeded). A certificate that did not verify and other transport errors (a bad URL, a body
    /// over the limit) are not retried.
    private static func retryReason(_ result: Attempt) -> String? {
        switch result {
        case .answered(let response):
            guard !(200..<300).contains(response.status),
                ServerErrorMapping.error(httpStatus: response.status, body: response.body).code.isRetryable
            else {
                return nil
            }
            return String(response.status)
        case .failed(let failure):
            switch failure {
            case .connectionRefused, .connectionReset, .hostNotFound, .timedOut, .tls, .proxyUnreachable,
                .proxyNotFound:
                return summary(of: failure)
            case .tunnelRefused(_, let status, _, _) where status >= 500: return summary(of: failure)
            case .certificate, .proxyCertificate, .responseTooLarge, .unsupportedScheme, .plainHTTPToAnotherMachine,
                .other, .proxySetting, .tunnelRefused:
                return nil
            }
        }
    }

    /// The response's `Retry-After` in seconds, when it is a non-negative number (an HTTP date is ignored).
    private static func retryAfter(_ result: Attempt) -> Double? {
        guard case .answered(let response) = result, let value = response.header("Retry-After"),
            let seconds = Double(value.trimmingHTTPWhitespace()), seconds >= 0, seconds.isFinite
        else {
            return nil
        }
        return seconds
    }

    private static func summary(of failure: TransportFailure) -> String {
        switch failure {
        case .connectionRefused: return "connection refused"
        case .connectionReset: return "connection reset"
        case .hostNotFound: return "host not found"
        case .timedOut: return "timed out"
        case .tls: return "TLS failure"
        case .certificate(let problem, _, _): return "certificate \(problem.rawValue)"
        case .proxyCertificate(_, let problem, _, _): return "proxy certificate \(problem.rawValue)"
        case .responseTooLarge(let overflow, _, _, _): return "answer over the \(overflow.rawValue) limit"
        case .unsupportedScheme(let scheme): return "scheme \(scheme) refused"
        case .plainHTTPToAnotherMachine: return "plain http to another machine refused"
        case .other: return "transport failure"
        case .proxySetting: return "unusable proxy variable"
        case .proxyUnreachable: return "proxy connection refused"
        case .proxyNotFound: return "proxy host not found"
        case .tunnelRefused(_, let status, _, _): return "proxy answered CONNECT with \(status)"
        }
    }

    /// Seconds with one decimal (`0.4`, `12.0`).
    private static func formatted(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
