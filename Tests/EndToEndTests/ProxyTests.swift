import FauthTestSupport
import Foundation
import Testing
import FauthJSON

/// Proxies, with a counting CONNECT proxy from the TLS harness: https through `https_proxy`/`HTTPS_PROXY`,
/// `NO_PROXY` respected, and hosts on this machine (however written) always reached directly.
@Suite struct ProxyTests {
    /// A name only the harness proxy knows (it tunnels every name to 127.0.0.1); the test certificate names it.
    private static let remoteName = "auth.fauth-test.invalid"

    @Test(arguments: ["https_proxy", "HTTPS_PROXY", "all_proxy"])
    func httpsGoesThroughTheProxysTunnel(variable: String) throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let proxy = try HarnessProcess.proxy()
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(["signin", "--anonymous", "--json", "--api-key", "AIza-test", "--ca-file", TLSHarness.caFile,
                                   "--endpoint", "https://\(Self.remoteName):\(front.port)"],
                                  environment: [variable: "http://127.0.0.1:\(proxy.port)"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(proxy.tunnels == ["\(Self.remoteName):\(front.port)"], "one tunnel for the command's two calls")
        #expect(front.requests.count == 2 && emulator.requestCount("accounts:signUp") == 1)
    }

    @Test(arguments: ["auth.fauth-test.invalid", ".fauth-test.invalid", "*"])
    func noProxyNamesHostsReachedDirectly(noProxy: String) throws {
        let proxy = try HarnessProcess.proxy()
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(["signin", "--anonymous", "--json", "--api-key", "AIza-test", "--timeout", "5",
                                   "--endpoint", "https://\(Self.remoteName):1"],
                                  environment: ["https_proxy": "http://127.0.0.1:\(proxy.port)", "NO_PROXY": noProxy])
        // Reached directly, the name does not resolve: the proxy saw nothing.
        expectFailure(run, status: 10, code: "network-error")
        #expect(run.error["message"]?.string == "Cannot reach \(Self.remoteName):1: unknown host.")
        #expect(proxy.events.isEmpty)
    }

    /// A TLS front on this machine, with every proxy variable set, is reached directly.
    @Test func httpsToThisMachineNeverUsesTheProxy() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let proxy = try HarnessProcess.proxy()
        let sandbox = try FauthSandbox(emulator: nil)
        let proxyURL = "http://127.0.0.1:\(proxy.port)"
        let run = try sandbox.run(["signin", "--anonymous", "--json", "--api-key", "AIza-test", "--ca-file", TLSHarness.caFile,
                                   "--endpoint", front.url],
                                  environment: ["https_proxy": proxyURL, "HTTPS_PROXY": proxyURL, "all_proxy": proxyURL])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(proxy.events.isEmpty && front.requests.count == 2)
    }

    /// Every way of writing this machine reaches the emulator directly, with `http_proxy` pointing at the proxy.
    @Test(arguments: ["127.1", "0", "[::ffff:127.0.0.1]", "localhost", "app.localhost", "2130706433"])
    func everySpellingOfThisMachineReachesTheEmulatorDirectly(host: String) throws {
        try expectDirect(host: host)
    }

    /// A name the hosts file gives 127.0.0.0/8 (enabled when /etc/hosts has one besides localhost).
    @Test(.enabled(if: HostsFile.loopbackAlias != nil))
    func aHostsFileNameForThisMachineReachesTheEmulatorDirectly() throws {
        try expectDirect(host: try #require(HostsFile.loopbackAlias))
    }

    private func expectDirect(host: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let emulator = try RunningEmulator()
        let proxy = try HarnessProcess.proxy()
        let sandbox = try FauthSandbox(emulator: nil)
        let proxyURL = "http://127.0.0.1:\(proxy.port)"
        let run = try sandbox.run(["signin", "--anonymous", "--json", "--emulator", "\(host):\(emulator.server.port)"],
                                  environment: ["http_proxy": proxyURL, "all_proxy": proxyURL, "ALL_PROXY": proxyURL])
        #expect(run.status == 0, "\(host): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(proxy.events.isEmpty, "\(host) went through the proxy: \(proxy.events)", sourceLocation: sourceLocation)
        #expect(emulator.requestCount("accounts:signUp") == 1, sourceLocation: sourceLocation)
    }
}
