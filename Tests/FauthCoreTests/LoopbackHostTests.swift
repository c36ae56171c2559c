import FauthTestSupport
import Testing

@testable import FauthCore

/// The one rule for "this machine" (an emulator: a plain socket, never a proxy), on the resolved address.
@Suite struct LoopbackHostTests {
    @Test(arguments: ["127.0.0.1", "127.1", "127.9.8.7", "0", "0.0.0.0", "0x7f.1", "2130706433", "::1", "::",
                      "::ffff:127.0.0.1", "localhost", "LOCALHOST", "localhost.", "app.localhost", "a.b.localhost"])
    func local(host: String) {
        #expect(LoopbackHost.addresses(of: host) != nil)
        #expect(LoopbackHost.addresses(of: host, resolvingNames: false) != nil)
    }

    @Test(arguments: ["10.0.0.1", "128.0.0.1", "::2", "::ffff:10.0.0.1", "127.0.0.1.example.invalid",
                      "localhost.example.invalid", "no-such-host.invalid", "", "127.0.0.1 x"])
    func notLocal(host: String) {
        #expect(LoopbackHost.addresses(of: host) == nil)
    }

    @Test func spellingsResolveToTheirAddresses() {
        #expect(LoopbackHost.addresses(of: "127.1") == [.ipv4Loopback])
        #expect(LoopbackHost.addresses(of: "::ffff:127.0.0.1") == [.ipv4Loopback])
        #expect(LoopbackHost.addresses(of: "0") == [.ipv4(0)])
        #expect(LoopbackHost.addresses(of: "localhost") == [.ipv4Loopback, .ipv6Loopback])
    }

    /// A name the hosts file gives a loopback address (not `localhost`) is local through the resolver, and not
    /// without it. Enabled when /etc/hosts has such a name (most machines list their host name there).
    @Test(.enabled(if: HostsFile.loopbackAlias != nil))
    func aHostsFileNameIsLocalThroughTheResolver() throws {
        let name = try #require(HostsFile.loopbackAlias)
        #expect(LoopbackHost.addresses(of: name) != nil)
        #expect(LoopbackHost.addresses(of: name, resolvingNames: false) == nil)
    }
}
