import CSecretShim
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The freedesktop Secret Service on the session bus, through libsecret loaded at run time (`CSecretShim`): items of
/// fauth's own schema in the default collection. All the calls of one command share one budget of `timeout` seconds
/// (a check and the call after it, a lookup and the store after it): each gets what the others left, so the keyring
/// work of a command ends within `timeout` in all. Every failure is `keychain-error` (exit 12) naming the reason and
/// what to do, never a secret.
package final class Keyring: Sendable {
    /// How long all of the command's calls may take together, in seconds.
    package let timeout: Double
    /// Called, with the seconds left, before a locked default collection is unlocked through the Secret Service's
    /// prompt; nil: a locked collection is reported, never prompted for (no person at a terminal to answer).
    package let unlockPrompt: (@Sendable (Double) -> Void)?
    private let spent = Mutex<Double>(0)

    /// A keyring whose calls end within `timeout` seconds in all, unlocking through the prompt when `unlockPrompt`
    /// is given.
    package init(timeout: Double, unlockPrompt: (@Sendable (Double) -> Void)? = nil) {
        self.timeout = timeout
        self.unlockPrompt = unlockPrompt
    }

    /// The seconds of the budget not yet spent.
    package var remaining: Double { max(0, timeout - spent.withLock { $0 }) }

    /// Whether the process has a session bus to reach: `DBUS_SESSION_BUS_ADDRESS`, or the per-user bus socket
    /// `$XDG_RUNTIME_DIR/bus` that GLib falls back on.
    package static var hasSessionBus: Bool {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS"), address.pointee != 0 { return true }
        guard let runtime = getenv("XDG_RUNTIME_DIR"), runtime.pointee != 0 else { return false }
        var info = stat()
        return stat(String(cString: runtime) + "/bus", &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    }

    /// Checks that the Secret Service answers and its default collection exists and is unlocked, within `limit`
    /// seconds when given (and what is left of the budget in any case). A locked one is unlocked through the Secret
    /// Service's prompt within the budget when there is an `unlockPrompt` and no `limit` (a probe never prompts).
    package func check(within limit: Double? = nil) throws {
        try Self.requireBus()
        let checked = try bounded(limit) { fauth_secret_check($0, 0) }
        if checked.status == FAUTH_SECRET_LOCKED, limit == nil, let unlockPrompt {
            unlockPrompt(remaining)
            try outcome(try bounded { fauth_secret_check($0, 1) })
        } else {
            try outcome(checked)
        }
    }

    /// Stores `secret` as the item with exactly `attributes`, labelled `label`, replacing the one that has them.
    /// Each call checks the default collection first (`check`).
    func store(_ secret: String, attributes: [String: String], label: String) throws {
        try check()  // a locked collection is reported, or unlocked through its prompt: never left to prompt
        try withAttributes(attributes) { pointer, count in
            try outcome(try bounded { fauth_secret_store(pointer, count, label, secret, $0) })
        }
    }

    /// The secret of the item with `attributes`, nil when there is none.
    func lookup(_ attributes: [String: String]) throws -> String? {
        try check()  // a locked collection is reported, or unlocked through its prompt: never left to prompt
        return try withAttributes(attributes) { pointer, count in
            var secret: UnsafeMutablePointer<CChar>?
            try outcome(try bounded { fauth_secret_lookup(pointer, count, &secret, $0) })
            guard let secret else { return nil }
            defer { fauth_secret_free(secret) }
            return String(cString: secret)
        }
    }

    /// Deletes every item that has `attributes` among its own; returns whether there was one.
    @discardableResult
    func clear(_ attributes: [String: String]) throws -> Bool {
        try check()  // a locked collection is reported, or unlocked through its prompt: never left to prompt
        return try withAttributes(attributes) { pointer, count in
            var removed: Int32 = 0
            try outcome(try bounded { fauth_secret_clear(pointer, count, &removed, $0) })
            return removed != 0
        }
    }

    /// The distinct values of the attribute `name` among the items that have `attributes`, locked or not, without
    /// reading a secret.
    func values(of name: String, among attributes: [String: String]) throws -> Set<String> {
        try check()
        return try withAttributes(attributes) { pointer, count in
            var values: UnsafeMutablePointer<CChar>?
            var length = 0
            try outcome(try bounded { fauth_secret_search(pointer, count, name, &values, &length, $0) })
            guard let values else { return [] }
            defer { free(values) }
            let bytes = UnsafeRawBufferPointer(start: values, count: length)
            return Set(bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        }
    }

    /// Runs one call with what is left of the budget (or `limit`, if less), in milliseconds, and charges the budget
    /// the time it took; none left is a time-out without a call.
    private func bounded<T>(_ limit: Double? = nil, _ call: (Int32) throws -> T) throws -> T {
        let seconds = min(remaining, limit ?? .infinity)
        guard seconds > 0 else { throw timedOut }
        let started = MonotonicTime.now()
        defer { spent.withLock { $0 += MonotonicTime.now().seconds(since: started) } }
        return try call(Int32(min(seconds, 86_400) * 1000))
    }

    private var timedOut: FauthError {
        Self.failure(
            "the Secret Service did not answer within the \(timeout) s timeout",
            fix: "check that it runs and is not waiting for an unlock prompt, or choose file storage")
    }

    private static func requireBus() throws {
        guard hasSessionBus else {
            throw failure(
                "there is no session bus (DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus)",
                fix: "run fauth in a desktop session, or start a bus with dbus-run-session and a Secret Service such "
                    + "as gnome-keyring-daemon in it, or choose file storage (FAUTH_STORAGE=file)")
        }
    }

    /// Passes `attributes` to `body` as the shim's C array, valid during the call.
    private func withAttributes<T>(
        _ attributes: [String: String], _ body: (UnsafePointer<fauth_secret_attribute>, Int) throws -> T
    ) throws -> T {
        let strings = attributes.sorted { $0.key < $1.key }.map { (strdup($0.key), strdup($0.value)) }
        defer {
            for (name, value) in strings {
                free(name)
                free(value)
            }
        }
        let array = strings.map { fauth_secret_attribute(name: $0.0, value: $0.1) }
        return try array.withUnsafeBufferPointer { try body($0.baseAddress!, $0.count) }
    }

    /// Throws the `keychain-error` a failed call stands for.
    private func outcome(_ result: fauth_secret_result) throws {
        var message = result.message
        let detail = withUnsafeBytes(of: &message) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        switch result.status {
        case FAUTH_SECRET_OK:
            return
        case FAUTH_SECRET_UNAVAILABLE:
            throw Self.failure(
                "libsecret could not be loaded (\(detail))",
                fix: "install libsecret-1-0, or choose file storage (FAUTH_STORAGE=file)")
        case FAUTH_SECRET_NO_SERVICE:
            throw Self.failure(
                "no Secret Service answers on the session bus (\(detail))",
                fix: "start one (GNOME Keyring, KeePassXC's Secret Service, …), or choose file storage "
                    + "(FAUTH_STORAGE=file)")
        case FAUTH_SECRET_LOCKED where unlockPrompt != nil:
            throw Self.failure(
                "the keyring's default collection is locked (\(detail))",
                fix: "unlock it (log in to the desktop, or Seahorse), then run the command again")
        case FAUTH_SECRET_LOCKED:
            throw Self.failure(
                "the keyring's default collection is locked",
                fix: "unlock it (log in to the desktop, or Seahorse), then run the command again, or run it "
                    + "interactively on a terminal, where fauth asks the Secret Service to show its unlock prompt")
        case FAUTH_SECRET_NO_COLLECTION:
            throw Self.failure(
                "the Secret Service has no default collection",
                fix: "create one (Seahorse, or the service's own tool), then run the command again")
        case FAUTH_SECRET_TIMED_OUT:
            throw timedOut
        default:
            throw Self.failure(
                "the Secret Service refused: \(detail)",
                fix: "see its logs, or choose file storage (FAUTH_STORAGE=file)")
        }
    }

    private static func failure(_ reason: String, fix: String) -> FauthError {
        FauthError(.keychainError, message: "The keyring cannot be used: \(reason); \(fix).")
    }
}
