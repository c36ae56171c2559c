/// The one rule for "this machine": a host is local when every address it resolves to is a loopback or unspecified
/// address (127.0.0.0/8, `::1`, `0.0.0.0`, `::`, and their IPv4-mapped forms), however it is written (`127.1`, `0`,
/// `[::ffff:127.0.0.1]`, a hosts-file name); `localhost` and names under `.localhost` are local without asking the
/// resolver (RFC 6761). A local host (an emulator) is reached over a plain socket and never through a proxy.
enum LoopbackHost {
    /// The addresses `host` (without IPv6 brackets) stands for when they are all on this machine, nil otherwise (or
    /// when it does not resolve). A name other than `localhost` is asked of the system resolver (hosts file, DNS)
    /// only when `resolvingNames` is true; address literals never are.
    static func addresses(of host: String, resolvingNames: Bool = true) -> [HostAddress]? {
        (try? addresses(of: host, resolvingNames: resolvingNames, within: .infinity)) ?? nil
    }

    /// `addresses(of:)` with the resolver's answer awaited at most `seconds`: a name it has not resolved by then is
    /// a `timedOut` failure (the lookup goes on in the background and its answer is dropped), so that a stalled
    /// resolver cannot outlast `--timeout`. `resolver` is the system's unless a test gives another.
    static func addresses(
        of host: String, resolvingNames: Bool = true, within seconds: Double,
        resolver: @escaping @Sendable (String) -> [HostAddress]? = { HostResolver.systemResolve($0) }
    ) throws(TransportFailure) -> [HostAddress]? {
        guard
            let addresses = try HostResolver.addresses(
                of: host, resolvingNames: resolvingNames, within: seconds,
                resolver: resolver)
        else { return nil }
        return addresses.allSatisfy(isLocal) ? addresses : nil
    }

    /// Whether `address` is a loopback or unspecified address.
    static func isLocal(_ address: HostAddress) -> Bool {
        switch address {
        case .ipv4(let value):
            let hostOrder = UInt32(bigEndian: value)
            return hostOrder >> 24 == 127 || hostOrder == 0
        case .ipv6(let bytes):
            return bytes.dropLast().allSatisfy { $0 == 0 } && (bytes.last == 1 || bytes.last == 0)
        }
    }
}
