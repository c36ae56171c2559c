import Dispatch
import FauthJSON
import FauthTestSupport
import Foundation
import Synchronization
import Testing

@testable import FauthEmulator

@Suite("concurrent clients")
struct ConcurrencyTests {
    @Test func sixteenClientsInParallelGetCorrectAnswersAndExactCounters() throws {
        let fixture = try EmulatorFixture()
        let port = fixture.server.port
        let threads = 16
        let requestsPerThread = 50
        let injectedFailures = 10
        try fixture.control(
            "POST", "faults", ["route": "token", "times": .number(Double(injectedFailures)), "status": 503])
        let problems = Mutex<[String]>([])
        let faulted = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
                let client = try TestHTTPClient(port: port)
                var idToken = JSONValue.null
                var refreshToken = ""
                var localId = JSONValue.null
                for index in 0..<requestsPerThread {
                    switch index % 3 {
                    case 0:
                        let email = "t\(thread)-\(index)@example.com"
                        let result = try client.json(
                            path: "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
                            body: ["email": .string(email), "password": "secret123"])
                        guard result.status == 200, result.json["email"]?.string == email,
                            let token = result.json["refreshToken"]?.string
                        else {
                            throw TestHTTPClientError(description: "signUp \(email): \(result.json.serialized())")
                        }
                        idToken = result.json["idToken"] ?? .null
                        refreshToken = token
                        localId = result.json["localId"] ?? .null
                    case 1:
                        let result = try client.json(
                            path: "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k",
                            body: ["idToken": idToken])
                        guard result.status == 200, result.json["users"]?.array?.first?["localId"] == localId else {
                            throw TestHTTPClientError(description: "lookup: \(result.json.serialized())")
                        }
                    default:
                        let response = try client.send(
                            method: "POST", path: "/securetoken.googleapis.com/v1/token?key=k",
                            headers: [("Content-Type", "application/json")],
                            body: JSONValue.object([
                                "grant_type": "refresh_token",
                                "refresh_token": .string(refreshToken),
                            ]).serializedBytes())
                        if response.status == 503 {
                            faulted.withLock { $0 += 1 }
                            continue
                        }
                        let json = try JSONValue.parse(response.body)
                        guard response.status == 200, json["user_id"] == localId else {
                            throw TestHTTPClientError(description: "token: \(json.serialized())")
                        }
                    }
                }
            } catch {
                problems.withLock { $0.append("thread \(thread): \(error)") }
            }
        }
        #expect(problems.withLock { $0 } == [])
        #expect(faulted.withLock { $0 } == injectedFailures)
        let signUps = threads * ((requestsPerThread + 2) / 3)
        let lookups = threads * ((requestsPerThread + 1) / 3)
        let tokens = threads * (requestsPerThread / 3)
        let stats = try fixture.control("GET", "stats").json
        #expect(
            stats == [
                "requests": [
                    "accounts:lookup": .number(Double(lookups)), "accounts:signUp": .number(Double(signUps)),
                    "token": .number(Double(tokens)),
                ]
            ])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fauth-concurrency-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try fixture.emulator.exportState(to: directory)
        let accounts = try JSONValue.parse(
            Array(try #require(FileManager.default.contents(atPath: directory + "/auth_export/accounts.json"))))
        let users = accounts["users"]?.array ?? []
        #expect(users.count == signUps)
        #expect(Set(users.compactMap { $0["localId"]?.string }).count == signUps)
    }
}
