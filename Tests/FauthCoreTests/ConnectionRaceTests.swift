import Foundation
import Testing
@testable import FauthCore
import FauthTestSupport

/// `ConnectionRace` over real sockets on the loopback interface: an address that never answers does not hold up
/// one that does, refusals move on, and the order alternates between address families.
@Suite struct ConnectionRaceTests {
    private let first = HostAddress.ipv4(UInt32(0x7f00_0002).bigEndian)  // 127.0.0.2
    private let second = HostAddress.ipv4Loopback

    @Test func anAddressThatNeverAnswersDoesNotHoldUpOneThatDoes() throws {
        let silent = try SilentListener(address: "127.0.0.2", port: 0, backlog: 0)
        let filling = try silent.fillBacklog()  // the kernel now drops connections to it: a connect there never ends
        defer { filling.forEach { close($0) } }
        let answering = try SilentListener(address: "127.0.0.1", port: silent.port, backlog: 8)
        let started = MonotonicTime.now()
        let descriptor = try withExtendedLifetime((silent, answering)) {
            try ConnectionRace(addresses: [first, second], port: silent.port)
                .firstAccepting(started: started, until: started.adding(seconds: 3))
        }
        defer { close(descriptor) }
        #expect(peerAddress(of: descriptor) == "127.0.0.1")
    }

    @Test func withOnlyAnAddressThatNeverAnswersTheLimitIsATimeout() throws {
        let silent = try SilentListener(address: "127.0.0.2", port: 0, backlog: 0)
        let filling = try silent.fillBacklog()
        defer { filling.forEach { close($0) } }
        let started = MonotonicTime.now()
        #expect {
            _ = try withExtendedLifetime(silent) {
                try ConnectionRace(addresses: [first], port: silent.port)
                    .firstAccepting(started: started, until: started.adding(seconds: 0.5))
            }
        } throws: { error in
            guard case .timedOut(let code, let message) = error as? TransportFailure else { return false }
            return code == 28 && message.hasPrefix("Operation timed out after ")
        }
    }

    @Test func aRefusalMovesOnAndEveryRefusalIsTheLast() throws {
        let answering = try SilentListener(address: "127.0.0.1", port: 0, backlog: 8)
        let started = MonotonicTime.now()
        let descriptor = try withExtendedLifetime(answering) {
            try ConnectionRace(addresses: [first, second], port: answering.port)
                .firstAccepting(started: started, until: started.adding(seconds: 3))
        }
        close(descriptor)
        let port = answering.port
        answering.close()
        #expect {
            _ = try ConnectionRace(addresses: [first, second], port: port)
                .firstAccepting(started: started, until: MonotonicTime.now().adding(seconds: 3))
        } throws: { error in
            guard case .connectionRefused(let code, let message) = error as? TransportFailure else { return false }
            return code == 7 && message == "Failed to connect to 127.0.0.1 port \(port): Connection refused"
        }
    }

    @Test func theFamiliesAlternateFromTheResolversFirst() {
        let v6a = HostAddress.ipv6(Array(repeating: 0, count: 15) + [1])
        let v6b = HostAddress.ipv6(Array(repeating: 0, count: 15) + [2])
        let v4a = HostAddress.ipv4(1), v4b = HostAddress.ipv4(2), v4c = HostAddress.ipv4(3)
        #expect(ConnectionRace.interleaved([v6a, v6b, v4a, v4b, v4c]) == [v6a, v4a, v6b, v4b, v4c])
        #expect(ConnectionRace.interleaved([v4a, v4b, v6a]) == [v4a, v6a, v4b])
        #expect(ConnectionRace.interleaved([]) == [])
    }
}

/// The IPv4 address a connected socket's peer has.
private func peerAddress(of descriptor: Int32) -> String? {
    var socketAddress = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let found = withUnsafeMutablePointer(to: &socketAddress) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) == 0 }
    }
    guard found else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
    inet_ntop(AF_INET, &socketAddress.sin_addr, &buffer, socklen_t(buffer.count))
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
