import Dispatch
import FauthTestSupport
import Testing

@testable import FauthCore

/// The one rule for "this machine" (an emulator: a plain socket, never a proxy), on the resolved address.
@Suite struct LoopbackHostTests {
    @Test(arguments: [
        "127.0.0.1", "127.1", "127.9.8.7", "0", "0.0.0.0", "0x7f.1", "2130706433", "::1", "::",
        "::ffff:127.0.0.1", "localhost", "LOCALHOST", "localhost.", "app.localhost", "a.b.localhost",
    ])
    func local(host: String) {
        #expect(LoopbackHost.addresses(of: host) != nil)
        #expect(LoopbackHost.addresses(of: host, resolvingNames: false) != nil)
    }

    @Test(arguments: [
        "10.0.0.1", "128.0.0.1", "::2", "::ffff:10.0.0.1", "127.0.0.1.example.invalid",
        "localhost.example.invalid", "no-such-host.invalid", "", "127.0.0.1 x",
    ])
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
    /// without it (`scripts/bootstrap` adds such a name to /etc/hosts where there is none).
    @Test func aHostsFileNameIsLocalThroughTheResolver() throws {
        let name = try #require(HostsFile.loopbackAlias, "/etc/hosts has no loopback alias: run scripts/bootstrap")
        #expect(LoopbackHost.addresses(of: name) != nil)
        #expect(LoopbackHost.addresses(of: name, resolvingNames: false) == nil)
    }
}

/// A host name whose resolver stalls (a DNS server that never answers) cannot hold a request past its timeout:
/// the lookup is awaited at most that long, then the request fails as a timeout (issue 10). The stalled resolver
/// here waits for the test to release it, so an implementation that awaited it would return its answer instead of
/// failing, and the expectation would fail (not a timing assertion).
@Suite struct StalledResolverTests {
    /// A resolver that answers `answer` only once `release` is signalled (or after a minute).
    final class StalledResolver: @unchecked Sendable {
        let release = DispatchSemaphore(value: 0)
        let answer: [HostAddress]?
        init(answer: [HostAddress]?) { self.answer = answer }
        var resolve: @Sendable (String) -> [HostAddress]? {
            { [self] _ in
                _ = release.wait(timeout: .now() + 60)
                return answer
            }
        }
    }

    @Test func aStalledLookupIsATimeoutAfterTheDeadline() throws {
        let stalled = StalledResolver(answer: [.ipv4Loopback])
        defer { stalled.release.signal() }
        let failure = #expect(throws: TransportFailure.self) {
            try LoopbackHost.addresses(of: "stalls.example", within: 0.2, resolver: stalled.resolve)
        }
        guard case .timedOut(let code, let message)? = failure else {
            Issue.record("not a timeout: \(String(describing: failure))")
            return
        }
        #expect(code == 28 && message.contains("stalls.example"))
    }

    @Test func aLookupThatAnswersInTimeDecides() throws {
        let local = StalledResolver(answer: [.ipv4Loopback])
        let remote = StalledResolver(answer: [.ipv4(0x0A00_0001)])
        local.release.signal()
        remote.release.signal()
        #expect(try LoopbackHost.addresses(of: "here.example", within: 30, resolver: local.resolve) == [.ipv4Loopback])
        #expect(try LoopbackHost.addresses(of: "there.example", within: 30, resolver: remote.resolve) == nil)
        #expect(
            try LoopbackHost.addresses(of: "127.0.0.1", within: 0, resolver: { _ in nil }) == [.ipv4Loopback],
            "an address literal is never asked of the resolver")
    }

    /// The proxy decision libcurl's requests make first: a stalled lookup of the target's name is a timeout, so the
    /// request never waits on the resolver past `--timeout` before libcurl's own timeout starts.
    @Test func theProxyDecisionIsBoundedByTheRequestsTimeout() throws {
        let transport = CurlTransport(proxies: ProxySettings(httpsProxy: "http://proxy.example:3128"))
        let stalled = StalledResolver(answer: nil)
        defer { stalled.release.signal() }
        let failure = #expect(throws: TransportFailure.self) {
            try transport.proxy(for: "https://auth.example/v1", within: 0.2, resolver: stalled.resolve)
        }
        if case .timedOut? = failure {} else { Issue.record("not a timeout: \(String(describing: failure))") }
        let answered = StalledResolver(answer: nil)
        answered.release.signal()
        #expect(
            try transport.proxy(for: "https://auth.example/v1", within: 30, resolver: answered.resolve)
                == "http://proxy.example:3128")
    }
}
