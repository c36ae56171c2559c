import Glibc

/// An IPv4 address of this machine that is not a loopback one (where a host name of another machine could lead a
/// request), so the scheme policy tests never depend on the machine having a network. As root (CI) the test
/// process adds an address of its own, a /32 from TEST-NET-2 (RFC 5737) on `lo`, and removes it when it exits;
/// otherwise it takes the first such address the machine has. When there is neither, the tests fail with the reason.
enum OwnedNonLoopbackAddress {
    /// The address, or why there is none.
    static let shared: Result<String, Unavailable> = acquire()

    /// Why the machine has no non-loopback address for the tests.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The address this process adds as root: one per process, so test runs side by side do not share it.
    private static let candidate = "198.51.100.\(2 + Int(getpid()) % 250)"

    private static func acquire() -> Result<String, Unavailable> {
        guard geteuid() == 0 else {
            if let existing = addresses().first { return .success(existing) }
            return .failure(Unavailable(description: "no non-loopback IPv4 address, and not root to add one"))
        }
        let added = ip("addr add \(candidate)/32 dev lo")
        guard addresses().contains(candidate) else {
            return .failure(Unavailable(description: "`ip addr add \(candidate)/32 dev lo` failed (status \(added))"))
        }
        atexit { _ = OwnedNonLoopbackAddress.ip("addr del \(OwnedNonLoopbackAddress.candidate)/32 dev lo") }
        return .success(candidate)
    }

    /// Runs `ip` with these arguments (fixed text, no input from outside); its exit status.
    private static func ip(_ arguments: String) -> Int32 {
        system("PATH=\"$PATH:/usr/sbin:/sbin\" ip \(arguments) >/dev/null 2>&1")
    }

    /// The IPv4 addresses of this machine outside 127.0.0.0/8.
    private static func addresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var entry = list
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            var value = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            inet_ntop(AF_INET, &value, &text, socklen_t(text.count))
            let written = String(cString: text)
            if !written.hasPrefix("127.") { found.append(written) }
        }
        return found
    }
}
