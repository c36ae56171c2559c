import Foundation
import Glibc

/// Tests/TLSHarness/tls_front.py, fauth's TLS test harness, run with python3: test certificates made with the
/// openssl CLI once per test process, TLS fronts before a `RunningEmulator`, and a counting CONNECT proxy.
enum TLSHarness {
    /// The harness script.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TLSHarness/tls_front.py").path

    /// The folder of test certificates: `ca.pem` (the test CA), `valid`, `wrong-name`, `expired`, `not-yet-valid`,
    /// `partial-wildcard`, `cn-only`, `missing-intermediate`, `untrusted` (`NAME.pem` and `NAME.key`), made once per
    /// process.
    static let certificates: String = {
        let folder = NSTemporaryDirectory() + "fauth-tls-\(getpid())"
        let made = Result { () throws -> (status: Int32, errors: String) in
            let process = try SpawnedProcess(
                path: "/usr/bin/env", rawArguments: ["python3", script, "certs", folder].map { Array($0.utf8) },
                environment: ProcessInfo.processInfo.environment)
            return (try process.waitForExit(within: 120), process.standardError)
        }
        guard case .success(let run) = made, run.status == 0 else {
            preconditionFailure("the test certificates could not be made (scripts/bootstrap installs openssl): \(made)")
        }
        return folder
    }()

    /// The test CA's certificate, which a client must be told to trust.
    static var caFile: String { certificates + "/ca.pem" }
}

/// One harness process (a TLS front or a proxy) and the events it logged: `handshake`, `handshake-failed …`,
/// `request METHOD PATH`, `upstream-closed` (a front passed its upstream's end on to the client), `tunnel HOST:PORT`,
/// `refused HOST:PORT`, `proxied METHOD URL`. The process is killed when
/// released.
final class HarnessProcess {
    let process: SpawnedProcess
    let port: Int
    private let logPath: String

    /// A TLS front with certificate `certificate` (one of `TLSHarness.certificates`) forwarding to `emulator`; with
    /// `stall`, one that answers the first byte of a body and then nothing; with `legacyTLSOnly`, one that speaks
    /// TLS 1.0 and 1.1 only.
    convenience init(
        front certificate: String, emulator: RunningEmulator, stall: Bool = false,
        legacyTLSOnly: Bool = false
    ) throws {
        try self.init(front: certificate, upstream: emulator.host, stall: stall, legacyTLSOnly: legacyTLSOnly)
    }

    /// A TLS front with certificate `certificate` forwarding to the HTTP server at `upstream` (`host:port`).
    convenience init(front certificate: String, upstream: String, stall: Bool = false, legacyTLSOnly: Bool = false)
        throws
    {
        let folder = TLSHarness.certificates
        try self.init(
            [
                "front", "--cert", "\(folder)/\(certificate).pem", "--key", "\(folder)/\(certificate).key",
                "--upstream", upstream,
            ] + (stall ? ["--stall"] : []) + (legacyTLSOnly ? ["--tls-max", "1.1"] : []))
    }

    /// A hostile server answering as `hostileCase` says (see tls_front.py), over TLS with the `valid` certificate
    /// when `tls`.
    convenience init(hostile hostileCase: String, tls: Bool) throws {
        let folder = TLSHarness.certificates
        try self.init(
            ["hostile", "--case", hostileCase]
                + (tls ? ["--cert", "\(folder)/valid.pem", "--key", "\(folder)/valid.key"] : []))
    }

    /// A CONNECT proxy that counts its tunnels; with `refusing`, one that answers every CONNECT with that status;
    /// with `certificate` (one of `TLSHarness.certificates`), an `https://` proxy presenting it.
    static func proxy(refusing status: Int? = nil, certificate: String? = nil) throws -> HarnessProcess {
        let folder = TLSHarness.certificates
        return try HarnessProcess(
            ["proxy"] + (status.map { ["--refuse", String($0)] } ?? [])
                + (certificate.map { ["--cert", "\(folder)/\($0).pem", "--key", "\(folder)/\($0).key"] } ?? []))
    }

    private init(_ arguments: [String]) throws {
        logPath = NSTemporaryDirectory() + "fauth-harness-\(getpid())-\(UInt64.random(in: 0 ... .max)).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process = try SpawnedProcess(
            path: "/usr/bin/env",
            rawArguments: (["python3", TLSHarness.script] + arguments + ["--log", logPath]).map { Array($0.utf8) },
            environment: ProcessInfo.processInfo.environment)
        let line = try process.firstLine()
        guard let port = Int(line) else { throw SpawnError(description: "the harness printed '\(line)', not a port") }
        self.port = port
    }

    deinit {
        try? FileManager.default.removeItem(atPath: logPath)  // the process is killed as `process` is released
    }

    /// `https://localhost:PORT`, the front's URL (its certificates name localhost and 127.0.0.1).
    var url: String { "https://localhost:\(port)" }

    /// Every event logged so far.
    var events: [String] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Completed TLS handshakes.
    var handshakes: Int { events.filter { $0 == "handshake" }.count }
    /// Handshakes the client aborted, with the reason the server saw.
    var failedHandshakes: [String] { events.filter { $0.hasPrefix("handshake-failed") } }
    /// The requests forwarded (`METHOD PATH`).
    var requests: [String] { events.filter { $0.hasPrefix("request ") }.map { String($0.dropFirst(8)) } }
    /// The CONNECT tunnels opened (`HOST:PORT`).
    var tunnels: [String] { events.filter { $0.hasPrefix("tunnel ") }.map { String($0.dropFirst(7)) } }
    /// The CONNECTs refused (`HOST:PORT`).
    var refusals: [String] { events.filter { $0.hasPrefix("refused ") }.map { String($0.dropFirst(8)) } }
    /// Plain requests sent to the proxy (`METHOD URL`).
    var proxied: [String] { events.filter { $0.hasPrefix("proxied ") }.map { String($0.dropFirst(8)) } }

    /// Waits up to 60 s for `condition` to hold (a handshake the client aborted is logged when the server notices,
    /// which may be after the client exited, and a loaded machine can delay the harness's Python long), then returns
    /// whether it does.
    @discardableResult
    func await(_ condition: (HarnessProcess) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while !condition(self) && Date() < deadline { usleep(10_000) }
        return condition(self)
    }

    /// Forgets the events logged so far.
    func resetEvents() {
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    }
}
