import FauthJSON

/// One backend call: where it goes, the JSON body it sends and how its response decodes.
package protocol Endpoint: Sendable {
    /// What a successful call returns.
    associatedtype Response: Sendable

    /// The API the call goes to.
    static var service: Service { get }
    /// The path after the service's version (`accounts:signUp`, `token`).
    static var path: String { get }
    /// The HTTP method: `POST` (the default), or `GET` for a read that sends no body.
    static var method: String { get }
    /// Whether sending the call twice is harmless, so a failed attempt may be retried.
    static var isIdempotent: Bool { get }
    /// The JSON body, without `tenantId` (the backend adds it where the service takes it).
    var body: JSONValue { get }
    /// Every secret the request carries (passwords, tokens, codes, nonces), hidden wherever the server's answer
    /// echoes one; only the API key and what is not secret (emails, provider ids, names) are left out.
    var secrets: [String] { get }
    /// Decodes a 2xx response body; a body of the wrong shape is an `internal-error`.
    static func decode(_ json: JSONValue) throws(FauthError) -> Response
}

extension Endpoint {
    /// `POST`, as almost every Identity Toolkit and Secure Token call is.
    package static var method: String { "POST" }
}
