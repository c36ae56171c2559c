import CCurlShim
import FauthJSON
import FauthText

/// fauth's one `HTTPTransport`: every request goes through libcurl, loaded with dlopen on the first request, under
/// one policy set on every transfer:
/// - `https://` everywhere, plain `http://` only when the connected peer is an address on this machine (checked on
///   the socket libcurl connected or reused, before the request is written); any other scheme is refused before
///   anything is sent; redirects are never followed;
/// - TLS 1.2 at least and the certificate and host name verified, for the server and for an `https://` proxy, both
///   against the request's `TrustedCertificates` (the system's by default);
/// - one total deadline (the request's timeout) over resolving, connecting, TLS, the proxy, sending and receiving;
/// - the body capped while it is received, the header lines and interim (`1xx`) answers bounded
///   (`CurlResponseCollector`);
/// - one easy handle for all its requests, so a command's calls share one connection (one TLS handshake).
/// Proxies are the ones `proxies` names (the environment's, as curl reads them), for `https://` only, except for
/// hosts on this machine (`LoopbackHost`, on the resolved address), which are always reached directly.
package struct CurlTransport: HTTPTransport {
    /// The default cap on a response body: 8 MiB.
    package static let defaultMaximumBodySize = 8 << 20
    /// The default longest wait for a connection: 10 seconds.
    package static let defaultConnectTimeout: Double = 10

    /// The most response body bytes accepted; a larger body is a failure.
    package var maximumBodySize: Int
    /// The longest wait for a connection, in seconds (never more than the request's total timeout).
    package var connectTimeout: Double
    /// The proxies to use.
    package var proxies: ProxySettings
    /// The easy handle, shared by copies of this transport.
    private let handle = CurlHandle()

    /// Makes a transport with these limits and proxies.
    package init(
        maximumBodySize: Int = CurlTransport.defaultMaximumBodySize,
        connectTimeout: Double = CurlTransport.defaultConnectTimeout, proxies: ProxySettings = .none
    ) {
        self.maximumBodySize = maximumBodySize
        self.connectTimeout = connectTimeout
        self.proxies = proxies
    }

    /// The libcurl this process loads and its TLS library, as `fauth -v --version` names them:
    /// `libcurl/7.88.1 OpenSSL/3.0.19`, or why libcurl could not be loaded.
    package static var libraryDescription: String {
        switch loadedLibrary() {
        case .failure(let reason): "libcurl could not be loaded: \(reason.message)"
        case .success(let (curl, tls)): "libcurl/\(curl) \(tls ?? "(no TLS)")"
        }
    }

    /// The same as `fauth --version --json` gives it: `{"loaded", "version", "tls", "error"}` (schemas/version.json).
    package static var libraryJSON: JSONValue {
        switch loadedLibrary() {
        case .failure(let reason):
            ["loaded": false, "version": .null, "tls": .null, "error": .string(reason.message)]
        case .success(let (curl, tls)):
            ["loaded": true, "version": .string(curl), "tls": tls.map(JSONValue.string) ?? .null, "error": .null]
        }
    }

    /// Loads libcurl (once per process) and returns its version and TLS library (nil for none), or why it could
    /// not be loaded.
    private static func loadedLibrary() -> Result<(curl: String, tls: String?), LibraryLoadFailure> {
        var loadMessage: UnsafePointer<CChar>?
        guard fauth_curl_load(&loadMessage) == 0 else {
            return .failure(LibraryLoadFailure(message: loadMessage.map { String(cString: $0) } ?? "unknown reason"))
        }
        var curl: UnsafePointer<CChar>?
        var tls: UnsafePointer<CChar>?
        fauth_curl_versions(&curl, &tls)
        let tlsName = tls.map { String(cString: $0) } ?? ""
        return .success((curl.map { String(cString: $0) } ?? "", tlsName.isEmpty ? nil : tlsName))
    }

    /// Why libcurl could not be loaded (dlopen's message).
    private struct LibraryLoadFailure: Error {
        let message: String
    }

    /// The scheme of `url` when fauth sends to it (`https`, or `http`, whose peer is checked on connecting).
    static func scheme(of url: String) throws(TransportFailure) -> String {
        let scheme = URLParts(url: url)?.scheme ?? String(url.prefix { $0 != ":" }).lowercased()
        guard scheme == "https" || scheme == "http" else { throw .unsupportedScheme(scheme) }
        return scheme
    }

    /// Sends `request` and returns whatever response arrived, or the reason none did.
    package func send(_ request: TransportRequest) throws(TransportFailure) -> TransportResponse {
        let scheme = try Self.scheme(of: request.url)
        var loadMessage: UnsafePointer<CChar>?
        guard fauth_curl_load(&loadMessage) == 0 else {
            let reason = loadMessage.map { String(cString: $0) } ?? "unknown reason"
            throw .other(code: Int(FAUTH_CURLE_FAILED_INIT), message: "libcurl could not be loaded: \(reason)")
        }
        return try handle.withHandle { (handle) throws(TransportFailure) -> TransportResponse in
            try send(request, scheme: scheme, on: handle)
        }
    }

    /// Sends `request`, whose URL has `scheme` (`Self.scheme(of:)`: the URL is parsed once a request, not at every
    /// step), on `handle`.
    private func send(
        _ request: TransportRequest, scheme: String, on handle: UnsafeMutableRawPointer
    ) throws(TransportFailure) -> TransportResponse {
        var headerList: UnsafeMutablePointer<fauth_curl_slist>?
        defer { fauth_curl_slist_free_all(headerList) }
        for line in try request.headerLines() + ["Expect:"] {  // no `Expect: 100-continue` for large bodies
            guard let appended = fauth_curl_slist_append(headerList, line) else {
                throw .other(code: Int(FAUTH_CURLE_FAILED_INIT), message: "out of memory building the header list")
            }
            headerList = appended
        }

        let started = MonotonicTime.now()
        let proxy = try proxy(for: request.url, within: request.timeout)
        var request = request  // what the proxy decision took is taken from the request's time
        request.timeout = max(request.timeout - MonotonicTime.now().seconds(since: started), 0.001)
        let collector = CurlResponseCollector(maximumBodySize: maximumBodySize, requiresLocalPeer: scheme == "http")
        var body = request.body
        body.append(0)  // never a nil pointer for POSTFIELDS, even when the body is empty
        var errorBuffer = [CChar](repeating: 0, count: Int(FAUTH_CURL_ERROR_SIZE))

        let result: Int32 = try withExtendedLifetime(collector) { () throws(TransportFailure) -> Int32 in
            try body.withUnsafeBufferPointer { (bodyBytes) throws(TransportFailure) -> Int32 in
                try errorBuffer.withUnsafeMutableBufferPointer { (errorBytes) throws(TransportFailure) -> Int32 in
                    let options = CurlOptions(handle: handle)
                    try configure(
                        options, request: request, scheme: scheme, proxy: proxy, headerList: headerList,
                        body: bodyBytes, errorBuffer: errorBytes, collector: collector)
                    let code = fauth_curl_easy_perform(handle)
                    // The buffers above live only in these closures: libcurl must not keep pointers to them.
                    _ = fauth_curl_setopt_pointer(handle, Int32(FAUTH_CURLOPT_ERRORBUFFER), nil)
                    _ = fauth_curl_setopt_pointer(handle, Int32(FAUTH_CURLOPT_POSTFIELDS), nil)
                    return code
                }
            }
        }

        guard result == Int32(FAUTH_CURLE_OK) else {
            var verifyResult = 0
            var proxyVerifyResult = 0
            var connectStatus = 0
            _ = fauth_curl_getinfo_long(handle, Int32(FAUTH_CURLINFO_SSL_VERIFYRESULT), &verifyResult)
            _ = fauth_curl_getinfo_long(handle, Int32(FAUTH_CURLINFO_PROXY_SSL_VERIFYRESULT), &proxyVerifyResult)
            _ = fauth_curl_getinfo_long(handle, Int32(FAUTH_CURLINFO_HTTP_CONNECTCODE), &connectStatus)
            throw failure(
                code: result, errorBuffer: errorBuffer, collector: collector, proxy: proxy,
                trust: request.trust, verifyResults: (verifyResult, proxyVerifyResult),
                connectStatus: connectStatus)
        }
        var status = 0
        guard fauth_curl_getinfo_long(handle, Int32(FAUTH_CURLINFO_RESPONSE_CODE), &status) == Int32(FAUTH_CURLE_OK)
        else {
            throw .other(code: Int(FAUTH_CURLE_FAILED_INIT), message: "the response status could not be read")
        }
        return TransportResponse(status: status, headers: collector.headers, body: collector.body)
    }

    /// Sets the whole policy (the type's comment) on the handle for one request.
    private func configure(
        _ options: CurlOptions, request: TransportRequest, scheme: String, proxy: String?,
        headerList: UnsafeMutablePointer<fauth_curl_slist>?, body: UnsafeBufferPointer<UInt8>,
        errorBuffer: UnsafeMutableBufferPointer<CChar>, collector: CurlResponseCollector
    ) throws(TransportFailure) {
        let totalMilliseconds = Self.milliseconds(request.timeout)
        try options.set(FAUTH_CURLOPT_ERRORBUFFER, pointer: errorBuffer.baseAddress)
        try options.set(FAUTH_CURLOPT_PROTOCOLS_STR, string: scheme)
        try options.set(FAUTH_CURLOPT_URL, string: request.url)
        try options.set(FAUTH_CURLOPT_NOSIGNAL, long: 1)
        try options.set(FAUTH_CURLOPT_FOLLOWLOCATION, long: 0)
        try options.set(FAUTH_CURLOPT_SSL_VERIFYPEER, long: 1)
        try options.set(FAUTH_CURLOPT_SSL_VERIFYHOST, long: 2)
        try options.set(FAUTH_CURLOPT_SSLVERSION, long: Int(FAUTH_CURL_SSLVERSION_TLSv1_2))
        try options.set(FAUTH_CURLOPT_PROXY_SSLVERSION, long: Int(FAUTH_CURL_SSLVERSION_TLSv1_2))
        if let caFile = request.trust.caFile {  // an https:// proxy is held to the same authorities
            try options.set(FAUTH_CURLOPT_CAINFO, string: caFile)
            try options.set(FAUTH_CURLOPT_PROXY_CAINFO, string: caFile)
        }
        if let caDirectory = request.trust.caDirectory {
            try options.set(FAUTH_CURLOPT_CAPATH, string: caDirectory)
            try options.set(FAUTH_CURLOPT_PROXY_CAPATH, string: caDirectory)
        }
        try options.set(FAUTH_CURLOPT_HTTP_VERSION, long: Int(FAUTH_CURL_HTTP_VERSION_2TLS))
        try options.set(FAUTH_CURLOPT_TIMEOUT_MS, long: totalMilliseconds)
        try options.set(
            FAUTH_CURLOPT_CONNECTTIMEOUT_MS, long: min(totalMilliseconds, Self.milliseconds(connectTimeout)))
        try options.set(FAUTH_CURLOPT_MAXFILESIZE_LARGE, offset: Int64(maximumBodySize))
        try options.set(FAUTH_CURLOPT_HTTPHEADER, pointer: headerList)
        try options.set(FAUTH_CURLOPT_PROXY, string: proxy ?? "")  // "": none, not the environment's
        if let noProxy = proxies.noProxy, proxy != nil {
            try options.set(FAUTH_CURLOPT_NOPROXY, string: noProxy)
        }

        if request.method == "GET" && request.body.isEmpty {
            try options.set(FAUTH_CURLOPT_HTTPGET, long: 1)
        } else {
            try options.set(FAUTH_CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(request.body.count))
            try options.set(FAUTH_CURLOPT_POSTFIELDS, pointer: body.baseAddress)
            if request.method != "POST" {
                try options.set(FAUTH_CURLOPT_CUSTOMREQUEST, string: request.method)
            }
        }

        let context = Unmanaged.passUnretained(collector).toOpaque()
        try options.set(FAUTH_CURLOPT_HEADERDATA, pointer: context)
        try options.set(
            FAUTH_CURLOPT_HEADERFUNCTION,
            callback: { data, size, count, context in
                guard let data, let context else { return 0 }
                let collector = Unmanaged<CurlResponseCollector>.fromOpaque(context).takeUnretainedValue()
                return collector.takeHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
                    ? size * count : 0
            })
        try options.set(FAUTH_CURLOPT_WRITEDATA, pointer: context)
        try options.set(
            FAUTH_CURLOPT_WRITEFUNCTION,
            callback: { data, size, count, context in
                guard let data, let context else { return 0 }
                let collector = Unmanaged<CurlResponseCollector>.fromOpaque(context).takeUnretainedValue()
                return collector.takeBody(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
            })
        try options.set(FAUTH_CURLOPT_PREREQDATA, pointer: context)
        try options.set(
            FAUTH_CURLOPT_PREREQFUNCTION,
            prerequisite: { context, peer, _, _, _ in
                guard let context, let peer else { return 1 }
                let collector = Unmanaged<CurlResponseCollector>.fromOpaque(context).takeUnretainedValue()
                return collector.admitsPeer(String(cString: peer)) ? 0 : 1  // CURL_PREREQFUNC_OK, CURL_PREREQFUNC_ABORT
            })
    }

    /// The proxy for `url`, nil when none applies (plain `http://` never uses one: it goes only to this machine); the
    /// host is resolved only when a proxy would otherwise be used, within `seconds` (a resolver that stalls is a
    /// timeout, not a wait past `--timeout`), and one on this machine is reached directly. A proxy variable that names no proxy libcurl can use is refused here, before anything
    /// is sent (`ProxyURL`), by the variable's name.
    func proxy(
        for url: String, within seconds: Double,
        resolver: @escaping @Sendable (String) -> [HostAddress]? = { HostResolver.systemResolve($0) }
    ) throws(TransportFailure) -> String? {
        // The URL is parsed only when a proxy is set (a parse is 0.06 M instructions, a request's start-up cost).
        guard let setting = proxies.setting, let parts = URLParts(url: url), parts.scheme == "https",
            try LoopbackHost.addresses(of: parts.host, within: seconds, resolver: resolver) == nil
        else { return nil }
        do {
            _ = try ProxyURL(parsing: setting.value)
        } catch {
            throw .proxySetting(variable: setting.variable, problem: error.reason)
        }
        return setting.value
    }

    /// A timeout in whole milliseconds, at least 1 (0 would mean "no timeout" to libcurl) and at most a day.
    private static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 86_400_000 }
        return Int(min(max(seconds * 1000, 1), 86_400_000))
    }

    /// The failure libcurl's result `code` describes: a bound the collector enforced, a peer it refused; through a
    /// proxy, an unknown name or a refused connection is the proxy's, a certificate that failed before the CONNECT was answered is the
    /// (https://) proxy's own, and a CONNECT answered with a status (`connectStatus`, not 2xx) is a refused tunnel,
    /// each naming the proxy. `verifyResults` are OpenSSL's verification results for the server and the proxy; a CA
    /// bundle that came through a pipe is named by the pipe, not by fauth's copy.
    private func failure(
        code: Int32, errorBuffer: [CChar], collector: CurlResponseCollector, proxy: String?,
        trust: TrustedCertificates, verifyResults: (server: Int, proxy: Int), connectStatus: Int
    ) -> TransportFailure {
        switch collector.overflow {
        case .body?: return .tooLarge(.body, limit: maximumBodySize)
        case .header?: return .tooLarge(.header, limit: CurlResponseCollector.maximumHeaderBytes)
        case .interimAnswers?: return .tooLarge(.interimAnswers, limit: CurlResponseCollector.maximumInterimAnswers)
        case nil: break
        }
        if code == Int32(FAUTH_CURLE_FILESIZE_EXCEEDED) {
            return .tooLarge(.body, limit: maximumBodySize)
        }
        if let peer = collector.refusedPeer {
            return .plainHTTPToAnotherMachine(peer: peer)
        }
        let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var words = detail.isEmpty ? String(cString: fauth_curl_strerror(code)) : detail
        if let caFile = trust.caFile, let name = trust.caFileName {
            words = words.replacingAll(caFile, with: name)
        }
        // libcurl quotes a proxy URL it cannot use as written, user and password included.
        let message = SecretRedaction(secrets: proxy.map(SecretRedaction.credentials(in:)) ?? []).redacted(words)
        if let proxy, let proxyURL = try? ProxyURL(parsing: proxy) {
            let authority = proxyURL.authority
            if code == Int32(FAUTH_CURLE_COULDNT_CONNECT) {
                return .proxyUnreachable(proxy: authority, code: Int(code), message: message)
            }
            if code == Int32(FAUTH_CURLE_COULDNT_RESOLVE_PROXY) {
                return .proxyNotFound(proxy: authority, code: Int(code), message: message)
            }
            if connectStatus != 0 && !(200..<300).contains(connectStatus) {
                return .tunnelRefused(proxy: authority, status: connectStatus, code: Int(code), message: message)
            }
            if proxyURL.scheme == "https" && connectStatus == 0 && code == Int32(FAUTH_CURLE_PEER_FAILED_VERIFICATION) {
                return .proxyCertificate(
                    proxy: authority, CertificateProblem(verifyResult: verifyResults.proxy),
                    code: Int(code), message: message)
            }
        }
        return TransportFailure(curlCode: Int(code), message: message, verifyResult: verifyResults.server)
    }
}

/// `curl_easy_setopt` on one handle, a failed call turned into a `TransportFailure`.
private struct CurlOptions {
    let handle: UnsafeMutableRawPointer

    func set(_ option: Int, long value: Int) throws(TransportFailure) {
        try check(fauth_curl_setopt_long(handle, Int32(option), value), option)
    }

    func set(_ option: Int, string value: String) throws(TransportFailure) {
        try check(fauth_curl_setopt_pointer(handle, Int32(option), value), option)
    }

    func set(_ option: Int, pointer value: UnsafeRawPointer?) throws(TransportFailure) {
        try check(fauth_curl_setopt_pointer(handle, Int32(option), value), option)
    }

    func set(_ option: Int, offset value: Int64) throws(TransportFailure) {
        try check(fauth_curl_setopt_off_t(handle, Int32(option), value), option)
    }

    func set(_ option: Int, callback: fauth_curl_data_callback) throws(TransportFailure) {
        try check(fauth_curl_setopt_callback(handle, Int32(option), callback), option)
    }

    func set(_ option: Int, prerequisite: fauth_curl_prereq_callback) throws(TransportFailure) {
        try check(fauth_curl_setopt_prereq(handle, Int32(option), prerequisite), option)
    }

    private func check(_ result: Int32, _ option: Int) throws(TransportFailure) {
        guard result == Int32(FAUTH_CURLE_OK) else {
            throw .other(
                code: Int(result),
                message: "libcurl refused option \(option): \(String(cString: fauth_curl_strerror(result)))")
        }
    }
}
