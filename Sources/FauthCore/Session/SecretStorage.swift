import Synchronization

/// Where a session's secrets (its tokens) are written (docs/design/session.md, "Where secrets live"); the command
/// line's `--storage`, else `FAUTH_STORAGE`, else `auto`. Reading follows what the session file says, whatever is
/// chosen.
package enum SecretStorageChoice: String, Sendable, CaseIterable {
    /// The keyring when a Secret Service answers within `SecretStorage.probeLimit`, the session file otherwise.
    case auto
    /// The Secret Service, or `keychain-error` (exit 12) before any request: never a silent fallback.
    case keyring
    /// The session file (0600), as before the keyring existed.
    case file
}

/// Where secrets are, or go: the session file or the keyring.
package enum SecretBackend: String, Sendable, Equatable {
    /// In the session file (or the pending file) itself.
    case file
    /// In the Secret Service, the file naming the item.
    case keyring
}

/// A command's storage choice and its resolution, made once (a probe of the Secret Service for `auto`, a check of
/// it for `keyring`) and shared by the session store's files.
package final class SecretStorage: Sendable {
    /// The choice.
    package let choice: SecretStorageChoice
    /// The keyring the secrets go to or come from; its calls end within the command's timeout, all of them together.
    package let keyring: Keyring
    private let resolution = Mutex(Resolution.unresolved)

    /// How long `auto` waits for a Secret Service before it chooses the file, in seconds (or the timeout, if shorter).
    package static let probeLimit = 2.0

    /// The storage `choice` names, using `keyring` (whose timeout bounds every call).
    package init(choice: SecretStorageChoice, keyring: Keyring) {
        self.choice = choice
        self.keyring = keyring
    }

    /// The file only, as before the keyring: what a store made without a choice writes with (a session already in
    /// the keyring is still read from it, within `timeout`).
    package static func fileOnly(timeout: Double) -> SecretStorage {
        SecretStorage(choice: .file, keyring: Keyring(timeout: timeout))
    }

    /// Where the next write puts secrets: `file`; `keyring` once checked (else `keychain-error`); for `auto`, the
    /// keyring when a Secret Service answers with an unlocked default collection within `probeLimit`, else the file.
    package func target() throws -> SecretBackend {
        try resolution.withLock { resolution in
            switch resolution {
            case .resolved(let backend): return backend
            case .failed(let error): throw error
            case .unresolved:
                do {
                    let backend = try resolve()
                    resolution = .resolved(backend)
                    return backend
                } catch {
                    resolution = .failed(error)
                    throw error
                }
            }
        }
    }

    /// `target`'s answer, worked out.
    private func resolve() throws -> SecretBackend {
        switch choice {
        case .file:
            return .file
        case .keyring:
            try keyring.check()
            return .keyring
        case .auto:
            let answers = Keyring.hasSessionBus && (try? keyring.check(within: Self.probeLimit)) != nil
            return answers ? .keyring : .file
        }
    }

    /// What `target` has found, once it has looked: an enum of its own, not an optional `Result`, whose generic types
    /// the runtime would make from their mangled names (and check `Error: Error` by scanning every conformance record)
    /// in every command that makes a storage.
    private enum Resolution: Sendable {
        case unresolved
        case resolved(SecretBackend)
        case failed(any Error)
    }
}
