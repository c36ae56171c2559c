// Compiled only where Swift Testing is importable (the test builds): `swift build -c release` builds this target too,
// and release builds have no Testing module. No product uses this file.
#if canImport(Testing)
import FauthCore
import FauthJSON
import Foundation
import Testing

/// An in-memory `HTTPTransport` for in-process tests: it records every request and answers from a script written
/// by the test, so a test says exactly which calls it expects and what the server answers.
///
/// A reply is scripted for a method and an endpoint (the path after the API version: `accounts:lookup`, `token`,
/// `accounts/mfaEnrollment:start`); replies for the same method and endpoint are consumed in the order scripted,
/// each once. A request with no reply left is a test failure (recorded against where the transport was made) and
/// a transport failure for the code under test. `expectAllRepliesUsed()` records a failure for replies never
/// asked for. Safe to use from many threads at once.
///
/// ```swift
/// let transport = ScriptedTransport()
/// transport.reply(to: "accounts:lookup", .json(200, #"{"users": [{"localId": "U1"}]}"#))
/// transport.reply(to: "token", .failure(.connectionRefused(code: 7, message: "refused")))
/// // … run the code under test with `transport` …
/// transport.expectAllRepliesUsed()
/// ```
package final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    /// What the "server" does with one request.
    package enum Reply: Sendable {
        /// Answers with this response.
        case response(TransportResponse)
        /// Fails the way a transport fails (nothing answered).
        case failure(TransportFailure)

        /// A JSON answer with `status` and `body` (and extra header fields).
        package static func json(_ status: Int, _ body: String, headers: [(name: String, value: String)] = []) -> Reply
        {
            .response(
                TransportResponse(
                    status: status, headers: [("Content-Type", "application/json")] + headers,
                    body: Array(body.utf8)))
        }

        /// A Firebase error answer: `{"error": {"code": status, "message": message, …}}` (and extra header fields).
        package static func firebaseError(
            _ status: Int, _ message: String, headers: [(name: String, value: String)] = []
        ) -> Reply {
            let error: JSONValue = [
                "error": [
                    "code": .number(Double(status)), "message": .string(message),
                    "errors": [["message": .string(message), "reason": "invalid", "domain": "global"]],
                ]
            ]
            return json(status, error.serialized(), headers: headers)
        }
    }

    /// One request the transport received.
    package struct Request: Sendable {
        /// The request as the code under test sent it.
        package let sent: TransportRequest
        /// The endpoint it went to (the path after the API version, without the query).
        package let endpoint: String

        /// The method (`POST`, …).
        package var method: String { sent.method }
        /// The body parsed as JSON, nil when it is not JSON.
        package var json: JSONValue? { try? JSONValue.parse(sent.body) }
        /// The value of the first header field with this name, compared case-insensitively.
        package func header(_ name: String) -> String? {
            sent.headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    private let lock = NSLock()
    private var script: [(method: String, endpoint: String, reply: Reply)] = []
    private var received: [Request] = []
    private let sourceLocation: SourceLocation

    /// Makes a transport with an empty script; unscripted calls are reported at the caller's location.
    package init(sourceLocation: SourceLocation = #_sourceLocation) {
        self.sourceLocation = sourceLocation
    }

    /// Adds `reply` as the answer to the next not-yet-answered `method` request to `endpoint`.
    package func reply(to endpoint: String, method: String = "POST", _ reply: Reply) {
        lock.withLock { script.append((method, endpoint, reply)) }
    }

    /// Every request received so far, in the order they arrived.
    package var requests: [Request] {
        lock.withLock { received }
    }

    /// The requests received so far to `endpoint`, in order.
    package func requests(to endpoint: String) -> [Request] {
        requests.filter { $0.endpoint == endpoint }
    }

    /// The scripted replies no request has used yet, as `METHOD endpoint`, in script order.
    package var unusedReplies: [String] {
        lock.withLock { script.map { "\($0.method) \($0.endpoint)" } }
    }

    /// Records a test failure for every scripted reply that no request used.
    package func expectAllRepliesUsed(sourceLocation: SourceLocation = #_sourceLocation) {
        let unused = unusedReplies
        if !unused.isEmpty {
            Issue.record(
                "scripted replies never asked for: \(unused.joined(separator: ", "))", sourceLocation: sourceLocation)
        }
    }

    /// Records the request and answers with the first scripted reply for its method and endpoint; an unscripted
    /// request records a test failure and fails as a transport error.
    package func send(_ request: TransportRequest) throws(TransportFailure) -> TransportResponse {
        let endpoint = Self.endpoint(of: request.url)
        let reply: Reply? = lock.withLock {
            received.append(Request(sent: request, endpoint: endpoint))
            guard let index = script.firstIndex(where: { $0.method == request.method && $0.endpoint == endpoint })
            else {
                return nil
            }
            return script.remove(at: index).reply
        }
        switch reply {
        case .response(let response)?:
            return response
        case .failure(let failure)?:
            throw failure
        case nil:
            let message = "unscripted request: \(request.method) \(endpoint)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            throw .other(code: 0, message: "ScriptedTransport: \(message)")
        }
    }

    /// The path after the API version segment (`v1`, `v2`) of `url`, without the query: the endpoint name
    /// `https://identitytoolkit.googleapis.com/v1/accounts:lookup?key=K` and its emulator form share.
    static func endpoint(of url: String) -> String {
        let withoutQuery = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let afterScheme = withoutQuery.range(of: "://").map { withoutQuery[$0.upperBound...] } ?? withoutQuery
        let segments = afterScheme.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard
            let version = segments.firstIndex(where: {
                $0.count >= 2 && $0.first == "v" && $0.dropFirst().allSatisfy(\.isNumber)
            })
        else {
            return segments.joined(separator: "/")
        }
        return segments[segments.index(after: version)...].joined(separator: "/")
    }
}
#endif
