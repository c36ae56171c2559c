import FauthCore
import FauthJSON
import Foundation
import Glibc
import Testing

/// What the transport sends where: `https://`, plain `http://` only to a peer on this machine (checked on the
/// connected socket, whatever name led there, for a URL a session stored as for one given now), nothing for any
/// other scheme. A listener on every address counts the bytes that reach it; the address of "another machine" is one
/// of this machine's outside 127.0.0.0/8 (`OwnedNonLoopbackAddress`), so the tests need no network.
@Suite struct SchemePolicyTests {
    @Test func anotherSchemeIsRefusedBeforeAnythingIsSent() throws {
        let listener = try ByteCountingListener()
        #expect {
            try CurlTransport().send(
                TransportRequest(
                    method: "POST", url: "gopher://127.0.0.1:\(listener.port)/x",
                    body: Array("{}".utf8), timeout: 60))
        } throws: { error in
            (error as? TransportFailure) == .unsupportedScheme("gopher")
        }
        #expect(listener.connections == 0 && listener.bytes == 0)
    }

    @Test func plainHTTPToAnAddressOfAnotherInterfaceIsRefusedOnTheConnectedSocket() throws {
        let listener = try ByteCountingListener()
        let address = try OwnedNonLoopbackAddress.shared.get()
        #expect {
            try CurlTransport().send(
                TransportRequest(
                    method: "POST", url: "http://\(address):\(listener.port)/x",
                    body: Array("{}".utf8), timeout: 60))
        } throws: { error in
            (error as? TransportFailure) == .plainHTTPToAnotherMachine(peer: address)
        }
        #expect(listener.awaitConnection() && listener.bytes == 0, "the request must not be written")
    }

    /// A session whose stored endpoint is plain http:// to another machine, or another scheme, sends nothing.
    @Test(arguments: ["http", "gopher"])
    func aStoredEndpointIsHeldToTheSamePolicy(scheme: String) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: nil)
        let signin = try sandbox.run([
            "signin", "--anonymous", "--json", "--api-key", "AIza-test",
            "--endpoint", "http://\(emulator.host)",
        ])
        #expect(signin.status == 0, "\(signin.stderr)")
        let listener = try ByteCountingListener()
        let host = scheme == "http" ? try OwnedNonLoopbackAddress.shared.get() : "127.0.0.1"
        let stored = "\(scheme)://\(host):\(listener.port)"
        let original = try #require(sandbox.sessionBytes())
        let edited = String(decoding: original, as: UTF8.self)
            .replacingOccurrences(of: "http://\(emulator.host)", with: stored)
        #expect(edited != String(decoding: original, as: UTF8.self))
        try Data(edited.utf8).write(to: URL(fileURLWithPath: sandbox.sessionPath()))
        let refresh = try sandbox.run(["token", "--force-refresh", "--json"])
        #expect(refresh.status != 0, "\(refresh.stderr)")
        #expect(refresh.errorCode == "usage" || refresh.errorCode == "session-store-error", "\(refresh.stderr)")
        usleep(200_000)
        #expect(listener.bytes == 0, "a refresh token went to \(stored)")
    }
}

/// A TCP listener on every IPv4 address that accepts connections and counts what arrives on them, on a thread of
/// its own, until released.
final class ByteCountingListener: @unchecked Sendable {  // counters only under `lock`
    let port: UInt16
    private let descriptor: Int32
    private let lock = NSLock()
    private var connectionCount = 0, byteCount = 0

    init() throws {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        descriptor = listening
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listening, $0, length) == 0 && getsockname(listening, $0, &length) == 0
            }
        }
        port = UInt16(bigEndian: address.sin_port)
        guard listening >= 0, bound, listen(listening, 8) == 0 else {
            close(listening)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        // The accepting thread closes the socket when it ends, never `deinit`: a thread a loaded machine starts late
        // would otherwise accept on the same number reused by the next test's listener and take its connection.
        Thread.detachNewThread { [weak self] in
            defer { close(listening) }
            while true {
                let connection = accept(listening, nil, nil)
                if connection >= 0 {
                    self?.count(connection: connection)
                    continue
                }
                switch errno {
                case EINTR, EAGAIN: continue  // a signal for another thread of the test process
                case ECONNABORTED, EPROTO, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH, EOPNOTSUPP,
                    ENETUNREACH:
                    // Linux reports an error of a connection that came (reset before it was accepted) through accept.
                    self?.lock.withLock { self?.connectionCount += 1 }
                case EMFILE, ENFILE, ENOBUFS, ENOMEM: usleep(10_000)  // the test process is short of resources
                default: return  // released: shut down
                }
            }
        }
    }

    /// Wakes the accepting thread, which then closes the socket.
    deinit { shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Connections accepted so far.
    var connections: Int { lock.withLock { connectionCount } }
    /// Bytes received so far, on every connection.
    var bytes: Int { lock.withLock { byteCount } }

    /// Waits up to 60 s (a loaded machine can starve the accepting thread) for a connection; whether one came.
    func awaitConnection() -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while connections == 0 && Date() < deadline { usleep(10_000) }
        usleep(200_000)  // what the client would have written comes now
        return connections > 0
    }

    private func count(connection: Int32) {
        lock.withLock { connectionCount += 1 }
        Thread.detachNewThread { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let received = recv(connection, &buffer, buffer.count, 0)
                if received < 0 && errno == EINTR { continue }
                guard received > 0 else { break }
                self?.lock.withLock { self?.byteCount += received }
            }
            close(connection)
        }
    }
}
