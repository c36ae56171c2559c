import FauthCore
import Foundation
import Testing

/// The real `fauth` against servers that misbehave on purpose (`tls_front.py hostile`), over plain HTTP to this
/// machine, over TLS, and over TLS through the harness's CONNECT proxy: every case ends with its documented code
/// within `--timeout` plus a few seconds of start-up and wind-down (room for a loaded machine; every hostile server
/// here goes on for 50 s or without end), in bounded memory, and `curl` (the same system libcurl, by
/// its own defaults) on the same server fails too, or the case says why the verdicts differ.
@Suite(.serialized) struct HostileServerTests {
    /// One hostile server behaviour, the codes fauth may end with (with their exit status), and curl's verdicts.
    struct HostileCase: Sendable, CustomTestStringConvertible {
        let name: String
        let codes: [String: Int32]
        /// curl's exit statuses; 0 among them where curl may succeed (`why` says why the verdicts differ then).
        let curlExits: Set<Int32>
        let why: String
        var testDescription: String { name }
    }

    /// Where the request goes: plain HTTP to this machine, TLS, or TLS through a CONNECT proxy.
    enum Route: String, CaseIterable, Sendable {
        case plain, tls, proxy
    }

    static let timeout = 2.0

    static let cases = [
        HostileCase(
            name: "chunk-extension", codes: ["internal-error": 1], curlExits: [0],
            why: "both read past the 4 MiB extension (libcurl skips it at line speed) to the body {}; "
                + "fauth then finds no tokens in it"),
        HostileCase(name: "trailer-line", codes: ["network-error": 10], curlExits: [56], why: ""),
        // Whether the 8 MiB limit or the deadline comes first depends on how fast the server writes 48 MiB of
        // one-byte chunks.
        HostileCase(
            name: "tiny-chunks", codes: ["response-too-large": 1, "network-error": 10], curlExits: [28],
            why: "curl has no body limit and runs into its timeout"),
        HostileCase(name: "zero-padded", codes: ["network-error": 10], curlExits: [56], why: ""),
        HostileCase(
            name: "interim-flood", codes: ["response-too-large": 1], curlExits: [56],
            why: "fauth stops at its 9th interim answer, curl at 300 KiB of headers"),
        HostileCase(name: "slow-drip", codes: ["network-error": 10], curlExits: [28], why: ""),
        HostileCase(
            name: "huge-length", codes: ["response-too-large": 1], curlExits: [28, 0],
            why: "fauth refuses the 2 GiB Content-Length at once; curl has no limit and reads it, or as much "
                + "as its timeout allows"),
        HostileCase(name: "truncated", codes: ["network-error": 10], curlExits: [18], why: ""),
        HostileCase(
            name: "two-answers", codes: ["operation-not-allowed": 11], curlExits: [0],
            why: "the first answer is a complete 400, which curl (without --fail) reports as success"),
    ]

    @Test(arguments: cases, Route.allCases)
    func endsWithADocumentedCodeInTimeAndBoundedMemory(hostile: HostileCase, route: Route) throws {
        let server = try HarnessProcess(hostile: hostile.name, tls: route != .plain)
        let proxy = route == .proxy ? try HarnessProcess.proxy() : nil
        let base =
            switch route {
            case .plain: "http://127.0.0.1:\(server.port)"
            case .tls: "https://localhost:\(server.port)"
            case .proxy: "https://auth.fauth-test.invalid:\(server.port)"
            }
        let sandbox = try FauthSandbox(emulator: nil)
        let proxyEnvironment = proxy.map { ["https_proxy": "http://127.0.0.1:\($0.port)"] } ?? [:]
        let started = Date()
        let process = try sandbox.start(
            raw: [
                "signin", "--anonymous", "--json", "--api-key", "AIza-test", "--endpoint", base,
                "--ca-file", TLSHarness.caFile, "--timeout", String(Self.timeout),
            ].map { Array($0.utf8) },
            environment: proxyEnvironment)
        var peak = 0
        while process.isRunning {
            peak = max(peak, Self.highWaterMarkKiB(of: process.pid) ?? 0)
            usleep(5_000)
        }
        let run = try FauthRun(finished: process, within: 30)
        let elapsed = Date().timeIntervalSince(started)
        let code = try #require(run.errorCode, "\(run.stderr)")
        #expect(hostile.codes[code] != nil, "\(hostile.name) over \(route): \(run.stderr)")
        expectFailure(run, status: hostile.codes[code] ?? -1, code: code)
        #expect(elapsed < Self.timeout + 5, "\(hostile.name) over \(route): \(elapsed) s")
        #expect(peak > 0 && peak < 48 << 10, "\(hostile.name) over \(route): peak \(peak) KiB")
        #expect(server.requests.count == 1, "signUp is sent once: \(server.events)")
        if route == .proxy {
            #expect(proxy?.tunnels == ["auth.fauth-test.invalid:\(server.port)"])
        }

        let curl = try SpawnedProcess(
            path: "/usr/bin/env",
            rawArguments: ([
                "curl", "-sS", "-o", "/dev/null", "-m", String(Self.timeout), "--cacert", TLSHarness.caFile, "-d", "{}",
            ]
                + (proxy.map { ["-x", "http://127.0.0.1:\($0.port)"] } ?? []) + [base + "/v1/accounts:signUp?key=k"])
                .map { Array($0.utf8) }, environment: ProcessInfo.processInfo.environment)
        let curlStatus = try curl.waitForExit(within: 30)
        #expect(hostile.curlExits.contains(curlStatus), "curl's verdict on \(hostile.name): \(curl.standardError)")
    }

    /// The peak resident memory of a running process (`VmHWM`), nil once it is gone.
    private static func highWaterMarkKiB(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// Two answers in one read: the transport takes the first and never writes the next request on that connection,
    /// whose unread bytes would answer it; the next request goes on a new connection.
    @Test(arguments: [false, true])
    func aConnectionHoldingUnreadBytesIsNeverReused(tls: Bool) throws {
        let server = try HarnessProcess(hostile: "two-answers", tls: tls)
        let base = tls ? "https://localhost:\(server.port)" : "http://127.0.0.1:\(server.port)"
        let transport = CurlTransport()
        for _ in 0..<2 {
            let response = try transport.send(
                TransportRequest(
                    method: "POST", url: base + "/v1/accounts:signUp", body: Array("{}".utf8), timeout: 10,
                    trust: TrustedCertificates(caFile: TLSHarness.caFile)))
            #expect(response.status == 400)
        }
        #expect(server.requests.count == 2 && !server.events.contains("reused"), "\(server.events)")
    }
}
