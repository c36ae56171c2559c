import FauthCore
import FauthEmulator
import FauthTestSupport
import Foundation

/// Answers the n-th request with the n-th response (the last one again once the script runs out).
final class ScriptedResponses: @unchecked Sendable {
    private let lock = NSLock()
    private let script: [HTTPResponse]
    private var served = 0

    init(_ script: [HTTPResponse]) {
        self.script = script
    }

    func next() -> HTTPResponse {
        lock.withLock {
            defer { served += 1 }
            return script[min(served, script.count - 1)]
        }
    }
}

/// A backend wired for tests: its sleeps and trace lines are recorded, and the jitter always picks the ceiling.
struct BackendProbe {
    let backend: Backend
    let sleeps = Recorder<Double>()
    let trace = Recorder<String>()

    init(emulatorHost: String, apiKey: String = "test-key", tenantId: String? = nil, timeout: Double = 10,
         baseDelay: Double = 0.5) {
        let sleeps = sleeps
        let trace = trace
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: baseDelay, maxDelay: 60, sleep: { sleeps.append($0) }, random: { $0 })
        backend = Backend(configuration: BackendConfiguration(apiKey: apiKey, emulatorHost: emulatorHost, tenantId: tenantId, timeout: timeout),
                          transport: CurlTransport(), trace: { trace.append($0) }, retryPolicy: policy)
    }

    /// The number of requests the backend sent, counted from its trace.
    var attempts: Int {
        trace.values.filter { $0.hasPrefix("POST ") }.count
    }
}

/// A JSON response.
func json(_ status: Int, _ body: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
    HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: bytes(body))
}

/// A Firebase error body.
func firebaseError(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
    json(status, #"{"error":{"code":\#(status),"message":"\#(message)","errors":[{"message":"\#(message)","reason":"invalid","domain":"global"}]}}"#,
         headers: headers)
}

/// A lookup answer for one user.
let lookupAnswer = json(200, #"{"kind":"identitytoolkit#GetAccountInfoResponse","users":[{"localId":"U1","email":"a@b.c"}]}"#)
