import FauthJSON

extension HTTPResponse {
    /// The answer of one of the API's operations: compact JSON with `Content-Type: application/json`, as exegesis
    /// writes what Firebase's emulator's handlers return (`JSON.stringify(result)`).
    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], json: value, pretty: false)
    }

    /// A JSON object answer with status 200.
    static func json(_ object: JSONObject) -> HTTPResponse { json(.object(object)) }

    /// A JSON object answer with status 200 that `build` makes after the emulator's lock is released.
    static func json(building build: @escaping @Sendable () -> JSONObject) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], building: { .object(build()) })
    }

    /// An answer Express writes itself (`res.json`, `json spaces` 2): error bodies, `GET /` and `/emulator/action`,
    /// indented by two spaces with `Content-Type: application/json; charset=utf-8`.
    static func expressJSON(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")], json: value, pretty: true)
    }
}
