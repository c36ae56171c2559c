import Foundation
import Testing

/// The real `fauth` against a TLS front before a real emulator, with each kind of certificate the TLS harness makes:
/// fauth accepts what `curl` (the same system libcurl) accepts on the same front and refuses what it refuses, with
/// `certificate-error` naming the problem and the host, or `network-error` for a handshake that fails.
@Suite struct CertificateVerdictTests {
    /// One certificate (or TLS version) case: the name fauth asks for, and both verdicts.
    struct CertificateCase: Sendable, CustomTestStringConvertible {
        let certificate: String
        /// The host in the URL: `localhost`, or a name only the harness proxy resolves (then through it).
        var host = "localhost"
        var legacyTLSOnly = false
        /// The problem fauth's message names, "" for a handshake failure, nil when fauth must succeed.
        let problem: String?
        let curlExit: Int32
        var testDescription: String {
            (legacyTLSOnly ? "TLS 1.0/1.1 only" : certificate) + (host == "localhost" ? "" : " (\(host), proxied)")
        }
    }

    /// A name only the harness proxy resolves: a case with it goes through the CONNECT proxy.
    private static let proxied = "auth.fauth-test.invalid"

    static let cases = [
        CertificateCase(certificate: "valid", problem: nil, curlExit: 0),
        CertificateCase(certificate: "expired", problem: "has expired", curlExit: 60),
        CertificateCase(certificate: "not-yet-valid", problem: "is not valid yet", curlExit: 60),
        CertificateCase(certificate: "wrong-name", problem: "is for another name", curlExit: 60),
        CertificateCase(
            certificate: "partial-wildcard", host: "foo.fauth-test.invalid", problem: "is for another name",
            curlExit: 60),
        CertificateCase(certificate: "untrusted", problem: "is not trusted", curlExit: 60),
        CertificateCase(certificate: "missing-intermediate", problem: "is not trusted", curlExit: 60),
        CertificateCase(certificate: "valid", legacyTLSOnly: true, problem: "", curlExit: 35),
        // No subjectAltName: libcurl matches the subject's CN=localhost, as curl does.
        CertificateCase(certificate: "cn-only", problem: nil, curlExit: 0),
        // The same verdicts through a CONNECT proxy (the chain is judged before the name, so a certificate for
        // localhost keeps its own problem under the proxied name).
        CertificateCase(certificate: "valid", host: proxied, problem: nil, curlExit: 0),
        CertificateCase(certificate: "expired", host: proxied, problem: "has expired", curlExit: 60),
        CertificateCase(certificate: "not-yet-valid", host: proxied, problem: "is not valid yet", curlExit: 60),
        CertificateCase(certificate: "wrong-name", host: proxied, problem: "is for another name", curlExit: 60),
        CertificateCase(certificate: "untrusted", host: proxied, problem: "is not trusted", curlExit: 60),
        CertificateCase(certificate: "missing-intermediate", host: proxied, problem: "is not trusted", curlExit: 60),
        CertificateCase(certificate: "valid", host: proxied, legacyTLSOnly: true, problem: "", curlExit: 35),
        CertificateCase(certificate: "cn-only", host: proxied, problem: "is for another name", curlExit: 60),
    ]

    @Test(arguments: cases)
    func fauthAndCurlReachTheSameVerdict(tested: CertificateCase) throws {
        let emulator = try RunningEmulator()
        let front = try HarnessProcess(
            front: tested.certificate, emulator: emulator, legacyTLSOnly: tested.legacyTLSOnly)
        let proxy = tested.host == "localhost" ? nil : try HarnessProcess.proxy()
        let proxyURL = proxy.map { "http://127.0.0.1:\($0.port)" }
        let endpoint = "https://\(tested.host):\(front.port)"
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(
            [
                "signin", "--anonymous", "--json", "--api-key", "AIza-test", "--endpoint", endpoint,
                "--ca-file", TLSHarness.caFile, "--timeout", "10",
            ],
            environment: proxyURL.map { ["https_proxy": $0] } ?? [:])
        switch tested.problem {
        case nil:
            #expect(run.status == 0, "\(run.stderr)")
            #expect(emulator.requestCount("accounts:signUp") == 1)
        case ""?:
            expectFailure(run, status: 10, code: "network-error")
            #expect(
                run.error["message"]?.string?.hasPrefix("The TLS handshake with \(tested.host):\(front.port) failed")
                    == true, "\(run.stderr)")
            #expect(front.requests.isEmpty)
        case let problem?:
            expectFailure(run, status: 11, code: "certificate-error")
            #expect(
                run.error["message"]?.string?.hasPrefix(
                    "The TLS certificate of \(tested.host):\(front.port) \(problem)")
                    == true, "\(run.stderr)")
            #expect(front.requests.isEmpty && emulator.requestCount("accounts:signUp") == 0)
        }
        if let proxy { #expect(proxy.tunnels == ["\(tested.host):\(front.port)"]) }

        let curl = try SpawnedProcess(
            path: "/usr/bin/env",
            rawArguments: (["curl", "-sS", "-o", "/dev/null", "-m", "10", "--cacert", TLSHarness.caFile, "-d", "{}"]
                + (proxyURL.map { ["-x", $0] } ?? []) + [endpoint + "/v1/accounts:signUp?key=AIza-test"]).map {
                    Array($0.utf8)
                }, environment: ProcessInfo.processInfo.environment)
        #expect(try curl.waitForExit(within: 30) == tested.curlExit, "curl: \(curl.standardError)")
    }
}
