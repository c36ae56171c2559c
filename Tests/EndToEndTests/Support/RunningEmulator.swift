import FauthEmulator
import FauthHTTPCodec
import FauthJSON
import Foundation

/// A real `AuthEmulator` behind a real HTTP server on a free loopback port, for one test.
final class RunningEmulator: @unchecked Sendable {
    let emulator: AuthEmulator
    let server: HTTPServer
    let projectId: String

    /// Starts an emulator for `projectId` on 127.0.0.1 with a free port.
    init(projectId: String = "demo-fauth") throws {
        self.projectId = projectId
        emulator = AuthEmulator(projectId: projectId)
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let emulator = self.emulator
        server = try HTTPServer(configuration: configuration) { emulator.handle($0) }
        emulator.setLinkAuthority("127.0.0.1:\(server.port)")
        server.start()
    }

    deinit { server.stop() }

    /// `127.0.0.1:PORT`, as `FIREBASE_AUTH_EMULATOR_HOST` takes it.
    var host: String { "127.0.0.1:\(server.port)" }

    /// Calls an emulator route in-process (for test set-up and inspection) and returns the status and JSON body.
    @discardableResult
    func call(_ method: String, _ path: String, body: JSONValue? = nil, bearerOwner: Bool = false) -> (
        status: Int, json: JSONValue
    ) {
        var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
        if bearerOwner { headers.append(("Authorization", "Bearer owner")) }
        let (route, query) =
            path.contains("?")
            ? (String(path.prefix { $0 != "?" }), String(path.drop { $0 != "?" }.dropFirst()))
            : (path, "")
        let response = emulator.handle(
            HTTPRequest(
                method: method, path: route, query: query, headers: headers, body: body?.serializedBytes() ?? []))
        return (response.status, (try? JSONValue.parse(response.body)) ?? .null)
    }

    /// Sets keys of the project's configuration, including the fauth extensions under `"fauth"`.
    func configure(_ config: JSONValue) {
        call("PATCH", "/emulator/v1/projects/\(projectId)/config", body: config)
    }

    /// Makes the next `times` requests to `route` fail as `fault` describes.
    func inject(route: String, times: Int = 1, _ fault: JSONObject) {
        var body = fault
        body["route"] = .string(route)
        body["times"] = .number(Double(times))
        call("POST", "/emulator/v1/projects/\(projectId)/faults", body: .object(body))
    }

    /// Requests served per route since start.
    func requestCount(_ route: String) -> Int {
        call("GET", "/emulator/v1/projects/\(projectId)/stats").json["requests"]?[route]?.int ?? 0
    }
}
