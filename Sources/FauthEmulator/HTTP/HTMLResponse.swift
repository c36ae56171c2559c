extension HTTPResponse {
    /// A page: `text` as UTF-8 with `Content-Type: text/html; charset=utf-8`.
    static func html(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(text.utf8))
    }
}
