import Glibc

/// The server's listening socket: resolved, bound, listening and non-blocking.
enum ListeningSocket {
    /// The accept queue asked of the kernel (it caps it at `net.core.somaxconn`), deep enough for a burst of thousands
    /// of clients connecting at once.
    static let backlog: Int32 = 4096

    /// Resolves `host`, then binds and listens on the first address that works (IPv4 before IPv6); returns the
    /// socket and the bound port.
    static func open(host: String, port: Int) throws -> (Int32, Int) {
        guard (0...65535).contains(port) else { throw HTTPServerError(description: "invalid port \(port)") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw HTTPServerError(description: "cannot resolve host \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var candidates: [addrinfo] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry?.pointee {
            candidates.append(info)
            entry = info.ai_next
        }
        // A name such as `localhost` binds its IPv4 address first, where most clients look first.
        let ordered = candidates.filter { $0.ai_family == AF_INET } + candidates.filter { $0.ai_family != AF_INET }
        var lastError: Int32 = EADDRNOTAVAIL
        for info in ordered {
            let flags = Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            let fd = socket(info.ai_family, info.ai_socktype | flags, info.ai_protocol)
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, info.ai_addr, info.ai_addrlen) == 0, listen(fd, backlog) == 0 {
                return (fd, boundPort(fd))
            }
            lastError = errno
            close(fd)
        }
        throw HTTPServerError(description: "cannot listen on \(host):\(port): \(SocketIO.errorText(lastError))")
    }

    /// The port a listening socket is bound to, read back with getsockname.
    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }
}
