import FauthCore
import FauthTestSupport

/// A backend on a scripted transport for tests: its sleeps and trace lines are recorded, and the jitter always
/// picks the ceiling.
struct BackendProbe {
    let backend: Backend
    let transport: ScriptedTransport
    let sleeps = Recorder<Double>()
    let trace = Recorder<String>()

    /// The emulator host the probe's URLs name; nothing listens there, the transport answers in memory.
    static let emulatorHost = "127.0.0.1:9099"

    init(
        _ transport: ScriptedTransport, apiKey: String = "test-key", tenantId: String? = nil, timeout: Double = 10,
        baseDelay: Double = 0.5
    ) {
        let sleeps = sleeps
        let trace = trace
        self.transport = transport
        let policy = RetryPolicy(
            maxAttempts: 3, baseDelay: baseDelay, maxDelay: 60, sleep: { sleeps.append($0) }, random: { $0 })
        backend = Backend(
            target: BackendTarget(server: .emulator(Self.emulatorHost), apiKey: apiKey, tenantId: tenantId),
            options: CallOptions(timeout: timeout),
            transport: transport, trace: { trace.append($0) }, retryPolicy: policy)
    }

    /// The number of requests the backend sent, counted from its trace.
    var attempts: Int {
        trace.values.filter { $0.hasPrefix("POST ") }.count
    }
}

/// A lookup answer for one user.
let lookupAnswer = ScriptedTransport.Reply.json(
    200, #"{"kind":"identitytoolkit#GetAccountInfoResponse","users":[{"localId":"U1","email":"a@b.c"}]}"#)

/// UTF-8 bytes of a string.
func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}
