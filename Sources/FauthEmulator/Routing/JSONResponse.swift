import FauthJSON

extension HTTPResponse {
    /// A JSON response with `Content-Type: application/json; charset=utf-8`, indented by two spaces as Express writes
    /// Firebase's emulator's answers (`json spaces` 2).
    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], json: value, pretty: true)
    }

    /// A JSON object response with status 200.
    static func json(_ object: JSONObject) -> HTTPResponse { json(.object(object)) }
}
