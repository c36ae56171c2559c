import FauthJSON
import FauthTestSupport
import Foundation
import Glibc
import Testing

/// The threads of a process, as the kernel lists them.
private func threadCount(_ pid: pid_t) throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count
}

/// The built `fauth-emulator` holding 1,000 open connections: no timing is asserted, only that every request on every
/// connection is answered correctly and that the process's threads do not grow with its connections.
@Suite("fauth-emulator under 1,000 open connections")
struct EmulatorConnectionsTests {
    @Test func aThousandOpenConnectionsAreEachAnsweredWithoutMoreThreads() throws {
        // Idle connections are closed after 15 s by default; on a loaded machine opening the thousand, or reading
        // their first answers, can take longer than that, and the second round would then find some closed.
        let emulator = try SpawnedProcess("fauth-emulator", ["--port", "0", "--idle-timeout", "600"])
        defer {
            emulator.signal(SIGTERM)
            _ = try? emulator.waitForExit()
        }
        let line = try emulator.firstLine()
        let port = try #require(Int(line.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
        let signUp = try TestHTTPClient(port: port).json(
            path: "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
            body: [
                "email": "many@example.com", "password": "secret123",
                "returnSecureToken": true,
            ])
        let idToken = try #require(signUp.json["idToken"]?.string)
        let localId = try #require(signUp.json["localId"]?.string)
        let threadsWhenIdle = try threadCount(emulator.pid)

        let body = JSONValue.object(["idToken": .string(idToken)]).serializedBytes()
        let lookup =
            Array(
                "POST /identitytoolkit.googleapis.com/v1/accounts:lookup?key=k HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
                    .utf8) + body
        var clients: [TestHTTPClient] = []
        for _ in 0..<1000 { clients.append(try TestHTTPClient(port: port, timeoutSeconds: 60)) }
        var answers: [String: Int] = [:]
        // Every connection has a request in flight at once; twice, so each is also kept alive between requests.
        for _ in 0..<2 {
            for client in clients { try client.sendRaw(lookup) }
            for client in clients {
                let response = try client.readResponse()
                let user =
                    response.status == 200
                    ? try JSONValue.parse(response.body)["users"]?.array?.first?["localId"]?.string : nil
                answers[user ?? "status \(response.status)", default: 0] += 1
            }
        }
        #expect(answers == [localId: 2000])
        #expect(clients.allSatisfy { $0.connectionsOpened == 1 })
        #expect(try threadCount(emulator.pid) == threadsWhenIdle)
        withExtendedLifetime(clients) {}
    }
}
