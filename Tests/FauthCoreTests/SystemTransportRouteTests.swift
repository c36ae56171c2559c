import FauthCore
import Testing

/// Which transport `SystemTransport` picks: the socket for an emulator on this machine, libssl for https:// with no
/// proxy set, libcurl for the rest (proxies, plain http:// elsewhere, and https:// where libssl cannot be loaded).
@Suite struct SystemTransportRouteTests {
    private let google = "https://identitytoolkit.googleapis.com/v1/accounts:lookup?key=k"

    @Test func anEmulatorOnThisMachineGoesOverTheSocketWhateverTheProxies() {
        let proxies = ProxySettings(httpProxy: "http://proxy.example:3128", allProxy: "http://proxy.example:3128")
        #expect(SystemTransport.route(for: "http://127.0.0.1:9099/x", proxies: proxies, tlsAvailable: true) == .loopback)
        #expect(SystemTransport.route(for: "http://localhost:9099/x", proxies: .none, tlsAvailable: false) == .loopback)
    }

    @Test func httpsWithoutAProxyGoesOverLibssl() {
        #expect(SystemTransport.route(for: google, proxies: .none, tlsAvailable: true) == .tls)
        #expect(SystemTransport.route(for: "https://localhost:8443/x", proxies: .none, tlsAvailable: true) == .tls)
        let plainOnly = ProxySettings(httpProxy: "http://proxy.example:3128")  // applies to http:// only
        #expect(SystemTransport.route(for: google, proxies: plainOnly, tlsAvailable: true) == .tls)
    }

    @Test func aProxyForHTTPSOrForAllGoesThroughLibcurl() {
        #expect(SystemTransport.route(for: google, proxies: ProxySettings(httpsProxy: "http://p:1"), tlsAvailable: true) == .curl)
        #expect(SystemTransport.route(for: google, proxies: ProxySettings(allProxy: "socks5://p:1"), tlsAvailable: true) == .curl)
    }

    @Test func httpsWhereLibsslCannotBeLoadedGoesThroughLibcurl() {
        #expect(SystemTransport.route(for: google, proxies: .none, tlsAvailable: false) == .curl)
    }

    @Test func plainHTTPToAnotherMachineGoesThroughLibcurl() {
        #expect(SystemTransport.route(for: "http://emulator.example:9099/x", proxies: .none, tlsAvailable: true) == .curl)
    }

    @Test func libsslIsAvailableOnThisMachine() {
        #expect(TLSTransport.isAvailable)  // Debian's libssl3 comes with libcurl4 (scripts/bootstrap-runtime)
    }
}
