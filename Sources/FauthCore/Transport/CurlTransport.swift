import CCurlShim

/// An `HTTPTransport` over libcurl, loaded with dlopen on the first request: one easy handle for all its requests
/// (so a command's calls share one connection), HTTP/2 where the server offers it, TLS verified, redirects never followed, a total deadline, and a capped response body. Proxies are the
/// ones `proxies` names (the environment's, as curl reads them), except for hosts on this machine (`LoopbackHost`,
/// on the resolved address), which are always reached directly.
public struct CurlTransport: HTTPTransport {
    /// The default cap on a response body: 8 MiB.
    public static let defaultMaximumBodySize = 8 << 20
    /// The default longest wait for a connection: 10 seconds.
    public static let defaultConnectTimeout: Double = 10

    /// The most response body bytes accepted; a larger body is a failure.
    public var maximumBodySize: Int
    /// The longest wait for a connection, in seconds (never more than the request's total timeout).
    public var connectTimeout: Double
    /// The proxies to use.
    public var proxies: ProxySettings
    /// The easy handle, shared by copies of this transport.
    private let handle = CurlHandle()

    /// Makes a transport with these limits and proxies.
    public init(maximumBodySize: Int = CurlTransport.defaultMaximumBodySize,
                connectTimeout: Double = CurlTransport.defaultConnectTimeout, proxies: ProxySettings = .none) {
        self.maximumBodySize = maximumBodySize
        self.connectTimeout = connectTimeout
        self.proxies = proxies
    }

    /// Sends `request` and returns whatever response arrived, or the reason none did.
    public func send(_ request: TransportRequest) throws(TransportFailure) -> TransportResponse {
        var loadMessage: UnsafePointer<CChar>?
        guard fauth_curl_load(&loadMessage) == 0 else {
            let reason = loadMessage.map { String(cString: $0) } ?? "unknown reason"
            throw .other(code: Int(FAUTH_CURLE_FAILED_INIT), message: "libcurl could not be loaded: \(reason)")
        }
        return try handle.withHandle { (handle) throws(TransportFailure) -> TransportResponse in
            try send(request, on: handle)
        }
    }

    private func send(_ request: TransportRequest, on handle: UnsafeMutableRawPointer) throws(TransportFailure) -> TransportResponse {
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
        let collector = CurlResponseCollector(maximumBodySize: maximumBodySize)
        var body = request.body
        body.append(0)  // never a nil pointer for POSTFIELDS, even when the body is empty
        var errorBuffer = [CChar](repeating: 0, count: Int(FAUTH_CURL_ERROR_SIZE))

        let result: Int32 = try withExtendedLifetime(collector) { () throws(TransportFailure) -> Int32 in
            try body.withUnsafeBufferPointer { (bodyBytes) throws(TransportFailure) -> Int32 in
                try errorBuffer.withUnsafeMutableBufferPointer { (errorBytes) throws(TransportFailure) -> Int32 in
                    let options = CurlOptions(handle: handle)
                    try configure(options, request: request, proxy: proxy, headerList: headerList, body: bodyBytes,
                                  errorBuffer: errorBytes, collector: collector)
                    let code = fauth_curl_easy_perform(handle)
                    // The buffers above live only in these closures: libcurl must not keep pointers to them.
                    _ = fauth_curl_setopt_pointer(handle, Int32(FAUTH_CURLOPT_ERRORBUFFER), nil)
                    _ = fauth_curl_setopt_pointer(handle, Int32(FAUTH_CURLOPT_POSTFIELDS), nil)
                    return code
                }
            }
        }

        guard result == Int32(FAUTH_CURLE_OK) else {
            var verifyResult = 0, connectStatus = 0
            _ = fauth_curl_getinfo_long(handle, Int32(FAUTH_CURLINFO_SSL_VERIFYRESULT), &verifyResult)
            _ = fauth_curl_getinfo_long(handle, Int32(FAUTH_CURLINFO_HTTP_CONNECTCODE), &connectStatus)
            throw failure(code: result, errorBuffer: errorBuffer, collector: collector, verifyResult: verifyResult,
                          proxy: proxy, connectStatus: connectStatus)
        }
        var status = 0
        guard fauth_curl_getinfo_long(handle, Int32(FAUTH_CURLINFO_RESPONSE_CODE), &status) == Int32(FAUTH_CURLE_OK) else {
            throw .other(code: Int(FAUTH_CURLE_FAILED_INIT), message: "the response status could not be read")
        }
        return TransportResponse(status: status, headers: collector.headers, body: collector.body)
    }

    private func configure(
        _ options: CurlOptions, request: TransportRequest, proxy: String?, headerList: UnsafeMutablePointer<fauth_curl_slist>?,
        body: UnsafeBufferPointer<UInt8>, errorBuffer: UnsafeMutableBufferPointer<CChar>, collector: CurlResponseCollector
    ) throws(TransportFailure) {
        let totalMilliseconds = Self.milliseconds(request.timeout)
        try options.set(FAUTH_CURLOPT_ERRORBUFFER, pointer: errorBuffer.baseAddress)
        try options.set(FAUTH_CURLOPT_URL, string: request.url)
        try options.set(FAUTH_CURLOPT_NOSIGNAL, long: 1)
        try options.set(FAUTH_CURLOPT_FOLLOWLOCATION, long: 0)
        try options.set(FAUTH_CURLOPT_SSL_VERIFYPEER, long: 1)
        try options.set(FAUTH_CURLOPT_SSL_VERIFYHOST, long: 2)
        if let caFile = request.trust.caFile {
            try options.set(FAUTH_CURLOPT_CAINFO, string: caFile)
        }
        if let caDirectory = request.trust.caDirectory {
            try options.set(FAUTH_CURLOPT_CAPATH, string: caDirectory)
        }
        try options.set(FAUTH_CURLOPT_HTTP_VERSION, long: Int(FAUTH_CURL_HTTP_VERSION_2TLS))
        try options.set(FAUTH_CURLOPT_TIMEOUT_MS, long: totalMilliseconds)
        try options.set(FAUTH_CURLOPT_CONNECTTIMEOUT_MS, long: min(totalMilliseconds, Self.milliseconds(connectTimeout)))
        try options.set(FAUTH_CURLOPT_MAXFILESIZE_LARGE, offset: Int64(maximumBodySize))
        try options.set(FAUTH_CURLOPT_HTTPHEADER, pointer: headerList)
        try options.set(FAUTH_CURLOPT_PROXY, string: proxy ?? "")  // "": none, not the environment's
        if let noProxy = proxies.noProxy {
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
        try options.set(FAUTH_CURLOPT_HEADERFUNCTION, callback: { data, size, count, context in
            guard let data, let context else { return 0 }
            let collector = Unmanaged<CurlResponseCollector>.fromOpaque(context).takeUnretainedValue()
            collector.takeHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        })
        try options.set(FAUTH_CURLOPT_WRITEDATA, pointer: context)
        try options.set(FAUTH_CURLOPT_WRITEFUNCTION, callback: { data, size, count, context in
            guard let data, let context else { return 0 }
            let collector = Unmanaged<CurlResponseCollector>.fromOpaque(context).takeUnretainedValue()
            return collector.takeBody(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        })
    }

    /// The proxy for `url`, nil when none applies; the host is resolved only when a proxy would otherwise be used,
    /// within `seconds` (a resolver that stalls is a timeout, not a wait past `--timeout`), and one on this machine
    /// is reached directly. A proxy variable that names no proxy libcurl can use is refused here, before anything
    /// is sent (`ProxyURL`), by the variable's name.
    func proxy(for url: String, within seconds: Double,
               resolver: @escaping @Sendable (String) -> [HostAddress]? = { HostResolver.systemResolve($0) }
    ) throws(TransportFailure) -> String? {
        guard let parts = URLParts(url: url), let setting = proxies.setting(forScheme: parts.scheme),
              try LoopbackHost.addresses(of: parts.host, within: seconds, resolver: resolver) == nil else { return nil }
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

    /// The failure libcurl's result `code` describes; through a proxy, a refused connection is the proxy's and a
    /// CONNECT answered with a status (`connectStatus`, not 2xx) is a refused tunnel, both naming the proxy.
    private func failure(code: Int32, errorBuffer: [CChar], collector: CurlResponseCollector, verifyResult: Int,
                         proxy: String?, connectStatus: Int) -> TransportFailure {
        if collector.bodyTooLarge || code == Int32(FAUTH_CURLE_FILESIZE_EXCEEDED) {
            return .bodyTooLarge(limit: maximumBodySize)
        }
        let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let words = detail.isEmpty ? String(cString: fauth_curl_strerror(code)) : detail
        // libcurl quotes a proxy URL it cannot use as written, user and password included.
        let message = SecretRedaction(secrets: proxy.map(SecretRedaction.credentials(in:)) ?? []).redacted(words)
        if let proxy, let authority = try? ProxyURL(parsing: proxy).authority {
            if code == Int32(FAUTH_CURLE_COULDNT_CONNECT) {
                return .proxyUnreachable(proxy: authority, code: Int(code), message: message)
            }
            if connectStatus != 0 && !(200..<300).contains(connectStatus) {
                return .tunnelRefused(proxy: authority, status: connectStatus, code: Int(code), message: message)
            }
        }
        return TransportFailure(curlCode: Int(code), message: message, verifyResult: verifyResult)
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

    private func check(_ result: Int32, _ option: Int) throws(TransportFailure) {
        guard result == Int32(FAUTH_CURLE_OK) else {
            throw .other(code: Int(result), message: "libcurl refused option \(option): \(String(cString: fauth_curl_strerror(result)))")
        }
    }
}
