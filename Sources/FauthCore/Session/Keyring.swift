import CSecretShim

#if canImport(Glibc)
import Glibc
#endif

/// The freedesktop Secret Service on the session bus, through libsecret loaded at run time (`CSecretShim`): items of
/// fauth's own schema in the default collection. Every call is bounded by `timeout`; every failure is
/// `keychain-error` (exit 12) naming the reason and what to do, never a secret.
package struct Keyring: Sendable {
    /// How long one call may take, in seconds.
    package let timeout: Double

    /// A keyring whose calls each end within `timeout` seconds.
    package init(timeout: Double) {
        self.timeout = timeout
    }

    /// Whether the process has a session bus to reach: `DBUS_SESSION_BUS_ADDRESS`, or the per-user bus socket
    /// `$XDG_RUNTIME_DIR/bus` that GLib falls back on.
    package static var hasSessionBus: Bool {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS"), address.pointee != 0 { return true }
        guard let runtime = getenv("XDG_RUNTIME_DIR"), runtime.pointee != 0 else { return false }
        var info = stat()
        return stat(String(cString: runtime) + "/bus", &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    }

    /// Checks that the Secret Service answers and its default collection exists and is unlocked.
    package func check() throws {
        try Self.requireBus()
        try outcome(fauth_secret_check(milliseconds))
    }

    /// Stores `secret` as the item with exactly `attributes`, labelled `label`, replacing the one that has them.
    /// Each call checks the default collection first (`check`).
    func store(_ secret: String, attributes: [String: String], label: String) throws {
        try check()  // a locked collection is reported, never unlocked through a prompt
        try withAttributes(attributes) { pointer, count in
            try outcome(fauth_secret_store(pointer, count, label, secret, milliseconds))
        }
    }

    /// The secret of the item with `attributes`, nil when there is none.
    func lookup(_ attributes: [String: String]) throws -> String? {
        try check()  // a locked collection is reported, never unlocked through a prompt
        return try withAttributes(attributes) { pointer, count in
            var secret: UnsafeMutablePointer<CChar>?
            try outcome(fauth_secret_lookup(pointer, count, &secret, milliseconds))
            guard let secret else { return nil }
            defer { fauth_secret_free(secret) }
            return String(cString: secret)
        }
    }

    /// Deletes every item that has `attributes` among its own; returns whether there was one.
    @discardableResult
    func clear(_ attributes: [String: String]) throws -> Bool {
        try check()  // a locked collection is reported, never unlocked through a prompt
        return try withAttributes(attributes) { pointer, count in
            var removed: Int32 = 0
            try outcome(fauth_secret_clear(pointer, count, &removed, milliseconds))
            return removed != 0
        }
    }

    private var milliseconds: Int32 { Int32(min(max(timeout, 0), 86_400) * 1000) }

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
        case FAUTH_SECRET_LOCKED:
            throw Self.failure(
                "the keyring's default collection is locked",
                fix: "unlock it (log in to the desktop, or Seahorse), then run the command again")
        case FAUTH_SECRET_NO_COLLECTION:
            throw Self.failure(
                "the Secret Service has no default collection",
                fix: "create one (Seahorse, or the service's own tool), then run the command again")
        case FAUTH_SECRET_TIMED_OUT:
            throw Self.failure(
                "the Secret Service did not answer within the \(timeout) s timeout",
                fix: "check that it runs and is not waiting for an unlock prompt, or choose file storage")
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
