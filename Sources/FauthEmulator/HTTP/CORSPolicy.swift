import FauthHTTPCodec

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

    /// The headers added to every response: the reflected origin when the request named one, `Vary: Origin`, and
    /// `Access-Control-Allow-Private-Network: true` when the request asks for it (as Firebase's emulator answers).
    static func originHeaders(for request: HTTPRequest) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] =
            request.header("Origin").map { [("Access-Control-Allow-Origin", $0)] } ?? []
        headers.append(("Vary", "Origin"))
        if request.header("Access-Control-Request-Private-Network") != nil {
            headers.append(("Access-Control-Allow-Private-Network", "true"))
        }
        return headers
    }
}
