/// The CORS behaviour of Firebase's emulator (express `cors({origin: true})`): reflect any origin.
enum CORSPolicy {
    static let allowedMethods = "GET,HEAD,PUT,PATCH,POST,DELETE"

    /// The answer to a preflight: every OPTIONS request gets 204, as the `cors` middleware answers them before routing.
    static func preflightResponse(for request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "OPTIONS" else { return nil }
        var headers = originHeaders(for: request)
        headers.append(("Access-Control-Allow-Methods", allowedMethods))
        if let requested = request.header("Access-Control-Request-Headers") {
            headers.append(("Access-Control-Allow-Headers", requested))
            headers = headers.map { $0.name == "Vary" ? ("Vary", "Origin, Access-Control-Request-Headers") : $0 }
        }
        return HTTPResponse(status: 204, headers: headers)
    }

    /// The headers added to every response: the reflected origin when the request named one, and `Vary: Origin`.
    static func originHeaders(for request: HTTPRequest) -> [(name: String, value: String)] {
        guard let origin = request.header("Origin") else { return [("Vary", "Origin")] }
        return [("Access-Control-Allow-Origin", origin), ("Vary", "Origin")]
    }
}
