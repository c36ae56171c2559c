import FauthHTTPCodec
import FauthJSON
import Glibc

/// Why a `TestHTTPClient` call failed.
package struct TestHTTPClientError: Error, CustomStringConvertible {
    /// What went wrong.
    package let description: String

    /// Makes an error with its description.
    package init(description: String) {
        self.description = description
    }
}

/// A blocking HTTP/1.1 client over one persistent TCP connection, for tests that talk to a real server. Requests
/// are written by `HTTPRequestEncoder` and answers read by `HTTPResponseParser` (the codec the emulator serves with);
/// `sendRaw` writes any bytes, for tests that send what no encoder would.
///
/// It reconnects when the server closed the previous connection (`Connection: close`). Every read gives up after
/// `timeoutSeconds` (60 s unless told: a deadline only a failure reaches, as a loaded machine can be slow to answer),
/// so a test never hangs on a silent server.
package final class TestHTTPClient {
    /// A response as read off the wire.
    package typealias Response = (status: Int, headers: [(String, String)], body: [UInt8])

    /// The server's host.
    package let host: String
    /// The server's port.
    package let port: Int
    /// How long one read may wait.
    package let timeoutSeconds: Double
    /// How many TCP connections this client has opened so far.
    package private(set) var connectionsOpened = 0
    private var fd: Int32 = -1
    private var parser = TestHTTPClient.newParser()

    /// Connects to `host:port` (an IPv4 or IPv6 literal, or a name).
    package init(host: String = "127.0.0.1", port: Int, timeoutSeconds: Double = 60) throws {
        self.host = host
        self.port = port
        self.timeoutSeconds = timeoutSeconds
        try connect()
    }

    deinit {
        close()
    }

    /// Sends one request (adding `Host` and `Content-Length`) and reads its response.
    package func send(method: String, path: String, headers: [(String, String)] = [], body: [UInt8] = []) throws
        -> Response
    {
        if fd < 0 { try connect() }
        let hostName = host.contains(":") ? "[\(host)]" : host
        let fields = headers.map { (name: $0.0, value: $0.1) }
        try sendRaw(
            HTTPRequestEncoder.encode(
                method: method, target: path, host: "\(hostName):\(port)", headers: fields,
                body: body))
        return try readResponse(bodyExpected: method != "HEAD")
    }

    /// Sends a JSON body (when given) and parses the JSON answer.
    package func json(method: String = "POST", path: String, body: JSONValue? = nil, headers: [(String, String)] = [])
        throws
        -> (status: Int, json: JSONValue)
    {
        var allHeaders = headers
        if body != nil { allHeaders.append(("Content-Type", "application/json")) }
        let response = try send(method: method, path: path, headers: allHeaders, body: body?.serializedBytes() ?? [])
        return (response.status, try JSONValue.parse(response.body))
    }

    /// Writes raw bytes on the connection.
    package func sendRaw(_ bytes: [UInt8]) throws {
        if fd < 0 { try connect() }
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && errno == EINTR { continue }  // a signal meant for another thread: write again
            guard sent > 0 else {
                throw TestHTTPClientError(description: "send failed: \(String(cString: strerror(errno)))")
            }
            offset += sent
        }
    }

    /// Reads one response; 1xx interim responses are returned only when `skipInterim` is false.
    package func readResponse(bodyExpected: Bool = true, skipInterim: Bool = true) throws -> Response {
        while true {
            let parsed: ParsedHTTPResponse?
            do {
                parsed = try parser.next(headRequest: !bodyExpected) ?? (fill() ? nil : parser.finish())
            } catch let error as HTTPParseError {
                close()
                throw TestHTTPClientError(description: "bad response: \(error)")
            }
            guard let response = parsed else {
                if fd < 0 { throw TestHTTPClientError(description: "connection closed before a response") }
                continue
            }
            if response.status < 200, skipInterim { continue }
            if !response.keepAlive { close() }
            return (response.status, response.headers.map { ($0.name, $0.value) }, response.body)
        }
    }

    /// True when the server closes the connection (end of stream or reset) within `seconds` with nothing more sent;
    /// the client then reconnects on its next `send`.
    package func serverClosesConnection(within seconds: Double) -> Bool {
        guard fd >= 0, parser.bufferedByteCount == 0 else { return fd < 0 }
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(seconds * 1000)) > 0 else { return false }
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, 0)
        if count > 0 {
            parser.append([byte])
            return false
        }
        close()
        return true
    }

    /// Closes the connection; the next `send` opens a new one.
    package func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
        parser = Self.newParser()
    }

    /// The value of the first header with this name, compared case-insensitively.
    package static func header(_ name: String, in headers: [(String, String)]) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    private func connect() throws {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list?.pointee else {
            throw TestHTTPClientError(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        let socketFD = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
        guard socketFD >= 0 else { throw TestHTTPClientError(description: "socket failed") }
        var timeout = timeval(
            tv_sec: Int(timeoutSeconds), tv_usec: Int((timeoutSeconds - timeoutSeconds.rounded(.down)) * 1e6))
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard Glibc.connect(socketFD, info.ai_addr, info.ai_addrlen) == 0 else {
            let message = String(cString: strerror(errno))
            Glibc.close(socketFD)
            throw TestHTTPClientError(description: "cannot connect to \(host):\(port): \(message)")
        }
        fd = socketFD
        parser = Self.newParser()
        connectionsOpened += 1
    }

    /// A parser for a new connection, with bounds far above what any test's server answers.
    private static func newParser() -> HTTPResponseParser {
        HTTPResponseParser(
            limits: HTTPLimits(maxHeaderBytes: 1 << 20, maxBodyBytes: 1 << 30, maxHeaderFields: 10_000),
            maxInterimResponses: 64)
    }

    /// Reads more bytes into the parser; false at end of stream (the connection is then closed).
    private func fill() throws -> Bool {
        guard fd >= 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        // A signal meant for another thread of the test process interrupts recv: read again.
        while count < 0 && errno == EINTR {
            count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw TestHTTPClientError(description: "timed out reading") }
            if errno != ECONNRESET {
                throw TestHTTPClientError(description: "recv failed: \(String(cString: strerror(errno)))")
            }
        }
        guard count > 0 else {
            if fd >= 0 { Glibc.close(fd) }
            fd = -1
            return false
        }
        parser.append(chunk[0..<count])
        return true
    }
}
