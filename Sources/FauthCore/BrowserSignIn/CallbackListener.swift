import FauthHTTPCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-shot HTTP listener on the loopback interface (127.0.0.1) that receives a browser sign-in's redirect:
/// `GET` on its one path is handed to the caller once, then the listener stops listening; any other path gets 404.
/// Requests are read by the codec the emulator serves with (`HTTPRequestParser`), within its bounds.
/// The caller answers the browser with `answer(status:html:)` once it knows how the sign-in ended.
package final class CallbackListener {
    /// The most connections held at once (a browser preconnects a few); past it the oldest is closed.
    static let maximumConnections = 16
    /// The largest request head read (a callback URL with a provider's code fits many times over).
    static let maximumRequestBytes = 16 * 1024
    /// The largest request body read: none (the callback is a GET; a body is refused with 413).
    static let maximumBodyBytes = 0

    /// The port listened on (the one asked for, or the one the system chose for 0).
    package let port: UInt16
    /// The path the redirect must come to (`/__/auth/callback`).
    package let path: String
    private var listening: Int32
    private var connections: [(descriptor: Int32, parser: HTTPRequestParser)] = []
    private var answering: Int32 = -1

    /// Listens on 127.0.0.1:`port` (0: a free port the system chooses); a port in use is `io-error`.
    package init(port: UInt16, path: String) throws(FauthError) {
        self.path = path
        let listening = socket(
            AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard listening >= 0 else { throw Self.failure("socket", port: port) }
        var reuse: Int32 = 1  // a fixed --port is free again at once after the previous run
        _ = setsockopt(listening, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listening, socketAddress, length) == 0 && listen(listening, 16) == 0
                    && getsockname(listening, socketAddress, &length) == 0
            }
        }
        guard bound else {
            let error = Self.failure("bind", port: port)
            close(listening)
            throw error
        }
        self.listening = listening
        self.port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        closeAll()
        if answering >= 0 { close(answering) }
    }

    /// The URL the browser is sent back to: `http://127.0.0.1:PORT/PATH`.
    package var url: String { "http://127.0.0.1:\(port)\(path)" }

    /// Waits for `GET PATH?…` and returns the full URL it asked for (`url` with the query). Other requests are
    /// answered (404, 405, 431) meanwhile. After `seconds` → `cancelled`; a byte readable on `interruptDescriptor`
    /// (a signal's self-pipe, the byte being the signal) → that signal's error (`EndingSignal`). After it returns
    /// the listener accepts nothing more.
    package func waitForCallback(within seconds: Double, interruptDescriptor: Int32?) throws(FauthError) -> String {
        let deadline = MonotonicTime.now().adding(seconds: min(seconds, 1e9))
        while true {
            let remaining = deadline.seconds(since: MonotonicTime.now())
            guard remaining > 0 else {
                closeAll()
                let shown = seconds == seconds.rounded() ? String(Int64(seconds)) : String(seconds)
                throw FauthError(
                    .cancelled, message: "No answer from the browser within \(shown) s; nothing was signed in.")
            }
            var descriptors = [pollfd(fd: listening, events: Int16(POLLIN), revents: 0)]
            descriptors += connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            if let interruptDescriptor {
                descriptors.append(pollfd(fd: interruptDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let milliseconds = min((remaining * 1000).rounded(.down) + 1, 1000)
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(milliseconds))
            if ready < 0, errno != EINTR { throw Self.failure("poll", port: port) }
            guard ready > 0 else { continue }
            if let interruptDescriptor, descriptors.last!.revents != 0 {
                var signalNumber: UInt8 = 0  // the signal that was caught, as the pipe's byte
                _ = read(interruptDescriptor, &signalNumber, 1)
                closeAll()
                throw FauthError(EndingSignal.code(Int32(signalNumber)))
            }
            for (index, descriptor) in descriptors.enumerated().dropFirst().prefix(connections.count).reversed()
            where descriptor.revents != 0 {
                if let target = readRequest(at: index - 1) {
                    return "http://127.0.0.1:\(port)\(target)"
                }
            }
            if descriptors[0].revents != 0 { acceptConnections() }
        }
    }

    /// Answers the request `waitForCallback` returned with a small HTML page, then closes the connection.
    package func answer(status: Int, html: String) {
        guard answering >= 0 else { return }
        send(answering, status: status, html: html)
        close(answering)
        answering = -1
    }

    private func acceptConnections() {
        while true {
            let descriptor = accept(listening, nil, nil)
            guard descriptor >= 0 else { return }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            if connections.count >= Self.maximumConnections {
                close(connections.removeFirst().descriptor)
            }
            let parser = HTTPRequestParser(
                maxHeaderBytes: Self.maximumRequestBytes, maxBodyBytes: Self.maximumBodyBytes)
            connections.append((descriptor, parser))
        }
    }

    /// Reads what arrived on connection `index`; for the callback request, keeps its connection to answer and
    /// returns the request target. Anything else is answered and closed.
    private func readRequest(at index: Int) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let descriptor = connections[index].descriptor
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EAGAIN || errno == EINTR { return nil }
        guard count > 0 else {
            close(connections.remove(at: index).descriptor)
            return nil
        }
        connections[index].parser.append(buffer[..<count])
        let request: HTTPRequest
        do {
            guard let parsed = try connections[index].parser.next() else { return nil }
            request = parsed.request
        } catch {
            // Not HTTP, a request line that is not printable ASCII, a head or body over the limits.
            send(
                descriptor, status: error.status,
                html: error == .headersTooLarge ? "Request header fields too large." : "Bad request.")
            close(connections.remove(at: index).descriptor)
            return nil
        }
        guard request.path == path else {
            send(descriptor, status: 404, html: "Not found.")
            close(connections.remove(at: index).descriptor)
            return nil
        }
        guard request.method == "GET" else {
            send(descriptor, status: 405, html: "Method not allowed.")
            close(connections.remove(at: index).descriptor)
            return nil
        }
        answering = connections.remove(at: index).descriptor
        closeAll()
        return request.query.isEmpty ? request.path : request.path + "?" + request.query
    }

    private func send(_ descriptor: Int32, status: Int, html: String) {
        let bytes = HTTPResponseEncoder.encode(
            status: status,
            headers: [
                ("Content-Type", "text/html; charset=utf-8"),
                ("Cache-Control", "no-store"),
            ],
            body: Array(html.utf8), keepAlive: false, headRequest: false)
        // A local browser reads a few kilobytes at once; wait for room at most a second in all.
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written > 0 { offset += written } else if written < 0, errno == EINTR { continue } else { break }
        }
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Stops listening and closes every connection but the one being answered.
    private func closeAll() {
        if listening >= 0 {
            close(listening)
            listening = -1
        }
        for connection in connections { close(connection.descriptor) }
        connections = []
    }

    private static func failure(_ operation: String, port: UInt16) -> FauthError {
        let error = SystemError.current(operation)
        return FauthError(
            .ioError, message: "Cannot listen on 127.0.0.1:\(port) for the browser's answer: \(error.description).",
            underlying: error.underlying)
    }
}
