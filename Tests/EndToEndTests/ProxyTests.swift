import FauthJSON
import FauthTestSupport
import Foundation
import Testing

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
        let run = try sandbox.run(
            [
                "signin", "--anonymous", "--json", "--api-key", "AIza-test", "--ca-file", TLSHarness.caFile,
                "--endpoint", "https://\(Self.remoteName):\(front.port)",
            ],
            environment: [variable: "http://127.0.0.1:\(proxy.port)"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(proxy.tunnels == ["\(Self.remoteName):\(front.port)"], "one tunnel for the command's two calls")
        #expect(front.requests.count == 2 && emulator.requestCount("accounts:signUp") == 1)
    }

    @Test(arguments: ["auth.fauth-test.invalid", ".fauth-test.invalid", "*"])
    func noProxyNamesHostsReachedDirectly(noProxy: String) throws {
        let proxy = try HarnessProcess.proxy()
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(
            [
                "signin", "--anonymous", "--json", "--api-key", "AIza-test", "--timeout", "30",
                "--endpoint", "https://\(Self.remoteName):1",
            ],
            environment: ["https_proxy": "http://127.0.0.1:\(proxy.port)", "NO_PROXY": noProxy])
        // Reached directly, the name does not resolve: the proxy saw nothing.
        expectFailure(run, status: 10, code: "network-error")
        #expect(run.error["message"]?.string == "Cannot reach \(Self.remoteName):1: unknown host.")
        #expect(proxy.events.isEmpty)
    }

    /// A proxy variable's user and password reach neither the JSON error nor the `-v` trace, whatever is wrong with it.
    @Test(arguments: [
        "http://alice:s3cr3tPW@127.0.0.1:99999", "bogus://alice:s3cr3tPW@x", "http://alice:s3cr3tPW@[bad:1",
        " http://alice:s3cr3tPW@127.0.0.1:1", "alice:s3cr3tPW@127.0.0.1:99999",
    ])
    func aProxysUserAndPasswordAreNeverShown(proxy: String) throws {
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(
            [
                "signin", "--anonymous", "--json", "-v", "--api-key", "k1", "--timeout", "30",
                "--endpoint", "https://\(Self.remoteName):1",
            ],
            environment: ["https_proxy": proxy])
        #expect(run.status != 0 && run.stderr.contains("proxy"), "\(run.stderr)")
        #expect(!run.stderr.contains("s3cr3tPW") && !run.stderr.contains("alice"), "\(run.stderr)")
    }

    /// A proxy variable libcurl could never use is a usage error (exit 2, not retryable) naming the variable in force,
    /// never its value, and nothing is sent: the proxy named by the other variable sees nothing either.
    @Test(arguments: [
        ("https_proxy", "http://alice:s3cr3tPW@127.0.0.1:99999", "port"),
        ("HTTPS_PROXY", "bogus://alice:s3cr3tPW@x", "scheme"),
        ("all_proxy", "http://alice:s3cr3tPW@[bad:1", "IPv6"),
        ("https_proxy", " http://alice:s3cr3tPW@127.0.0.1:1", "space"),
    ])
    func anUnusableProxyVariableIsAUsageErrorNamingIt(variable: String, value: String, problem: String) throws {
        let proxy = try HarnessProcess.proxy()
        let sandbox = try FauthSandbox(emulator: nil)
        var environment = [variable: value]
        if variable == "all_proxy" { environment["http_proxy"] = "http://127.0.0.1:\(proxy.port)" }  // not for https
        let run = try sandbox.run(
            [
                "signin", "--anonymous", "--json", "--api-key", "k1", "--timeout", "30",
                "--endpoint", "https://\(Self.remoteName):1",
            ], environment: environment)
        expectFailure(run, status: 2, code: "usage")
        let message = run.error["message"]?.string ?? ""
        #expect(
            message.hasPrefix("The proxy variable \(variable) cannot be used: ") && message.contains(problem),
            "\(message)")
        #expect(run.error["retryable"] == false && run.error["underlying"] == nil)
        #expect(!run.stderr.contains("s3cr3tPW") && !run.stderr.contains("alice"))
        #expect(proxy.events.isEmpty)
    }

    /// A proxy that refuses the connection is named, not the server behind it (a temporary failure, retried).
    @Test func aProxyThatRefusesTheConnectionIsNamed() throws {
        let closed = try RunningEmulator()
        let port = closed.server.port
        closed.server.stop()
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(
            [
                "signin", "--anonymous", "--json", "--api-key", "k1", "--timeout", "30",
                "--endpoint", "https://\(Self.remoteName):1",
            ],
            environment: ["https_proxy": "http://alice:s3cr3tPW@127.0.0.1:\(port)"])
        expectFailure(run, status: 10, code: "network-error")
        #expect(
            run.error["message"]?.string
                == "Cannot connect to the proxy 127.0.0.1:\(port) (for \(Self.remoteName):1): connection refused or unreachable."
        )
        #expect(!run.stderr.contains("s3cr3tPW"))
    }

    /// A proxy whose name does not resolve is named, not the server behind it (the server's name is never looked up
    /// on this machine: the proxy would resolve it).
    @Test func aProxyWhoseNameIsUnknownIsNamed() throws {
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(
            [
                "signin", "--anonymous", "--json", "--api-key", "k1", "--timeout", "30",
                "--endpoint", "https://\(Self.remoteName):1",
            ],
            environment: ["https_proxy": "http://alice:s3cr3tPW@proxy.fauth-test.invalid:3128"])
        expectFailure(run, status: 10, code: "network-error")
        #expect(
            run.error["message"]?.string
                == "Cannot reach the proxy proxy.fauth-test.invalid:3128 (for \(Self.remoteName):1): unknown host.")
        #expect(run.error["underlying"]?["code"] == 5)  // CURLE_COULDNT_RESOLVE_PROXY
        #expect(!run.stderr.contains("s3cr3tPW"))
    }

    /// An `https://` proxy is trusted as the server is (`--ca-file` here): its handshake, then one tunnel for the
    /// command's two calls.
    @Test func anHTTPSProxyIsTrustedAsTheServerIs() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let proxy = try HarnessProcess.proxy(certificate: "valid")
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(
            [
                "signin", "--anonymous", "--json", "--api-key", "AIza-test", "--ca-file", TLSHarness.caFile,
                "--endpoint", "https://\(Self.remoteName):\(front.port)",
            ],
            environment: ["https_proxy": "https://localhost:\(proxy.port)"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(proxy.events == ["handshake", "tunnel \(Self.remoteName):\(front.port)"], "\(proxy.events)")
        #expect(emulator.requestCount("accounts:signUp") == 1)
    }

    /// An `https://` proxy whose own certificate does not verify is `certificate-error` naming the proxy and why,
    /// not the server (whose certificate is valid); no tunnel is asked for and nothing is retried.
    @Test(arguments: [
        ("expired", "has expired"), ("untrusted", "is not trusted"), ("wrong-name", "is for another name"),
    ])
    func anHTTPSProxysOwnCertificateIsNamed(certificate: String, verdict: String) throws {
        let proxy = try HarnessProcess.proxy(certificate: certificate)
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(
            [
                "signin", "--anonymous", "--json", "--api-key", "k1", "--timeout", "30", "--ca-file",
                TLSHarness.caFile, "--endpoint", "https://\(Self.remoteName):1",
            ],
            environment: ["https_proxy": "https://localhost:\(proxy.port)"])
        expectFailure(run, status: 11, code: "certificate-error")
        let message = run.error["message"]?.string ?? ""
        #expect(
            message.hasPrefix(
                "The TLS certificate of the proxy localhost:\(proxy.port) (for \(Self.remoteName):1) \(verdict)"),
            "\(message)")
        // The client refuses an expired or untrusted certificate during the handshake, and a name it checks after
        // the handshake completed: either way one connection, no CONNECT, nothing retried.
        #expect(proxy.await { !$0.events.isEmpty } && proxy.events.count == 1, "\(proxy.events)")
        #expect(proxy.tunnels.isEmpty && proxy.refusals.isEmpty && proxy.proxied.isEmpty, "\(proxy.events)")
    }

    /// A CONNECT the proxy answers 407 or 403 is `proxy-refused` (exit 11, fix the configuration, not retried: one
    /// CONNECT), not a temporary broken connection; a 502 (the proxy could not reach the server) stays temporary
    /// (the sign-in is not repeated by fauth: it is not idempotent).
    @Test(arguments: [(407, "proxy-refused", 11), (403, "proxy-refused", 11), (502, "network-error", 10)])
    func aRefusedTunnelSaysWhoRefusedIt(status: Int, code: String, exit: Int32) throws {
        let proxy = try HarnessProcess.proxy(refusing: status)
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(
            [
                "signin", "--anonymous", "--json", "--api-key", "k1", "--timeout", "30",
                "--endpoint", "https://\(Self.remoteName):1",
            ],
            environment: ["https_proxy": "http://127.0.0.1:\(proxy.port)"])
        expectFailure(run, status: exit, code: code)
        let message = run.error["message"]?.string ?? ""
        #expect(message.hasPrefix("The proxy 127.0.0.1:\(proxy.port) ") && message.contains("\(status)"), "\(message)")
        #expect(run.error["underlying"]?["code"] == 56)
        #expect(proxy.refusals == ["\(Self.remoteName):1"], "\(proxy.events)")
    }

    /// A TLS front on this machine, with every proxy variable set, is reached directly.
    @Test func httpsToThisMachineNeverUsesTheProxy() throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(front: "valid", emulator: emulator)
        let proxy = try HarnessProcess.proxy()
        let sandbox = try FauthSandbox(emulator: nil)
        let proxyURL = "http://127.0.0.1:\(proxy.port)"
        let run = try sandbox.run(
            [
                "signin", "--anonymous", "--json", "--api-key", "AIza-test", "--ca-file", TLSHarness.caFile,
                "--endpoint", front.url,
            ],
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
        let run = try sandbox.run(
            ["signin", "--anonymous", "--json", "--emulator", "\(host):\(emulator.server.port)"],
            environment: ["http_proxy": proxyURL, "all_proxy": proxyURL, "ALL_PROXY": proxyURL])
        #expect(run.status == 0, "\(host): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(proxy.events.isEmpty, "\(host) went through the proxy: \(proxy.events)", sourceLocation: sourceLocation)
        #expect(emulator.requestCount("accounts:signUp") == 1, sourceLocation: sourceLocation)
    }
}
