import FauthJSON

/// The password policy of one backend (server, API key, tenant), cached in the session folder as
/// `password-policy-<hash>.cache` (0600): `{"version": 1, "backend", "fetchedAt", "policy": {…, "schemaVersion"}}`, or
/// `"policy": null` when the backend answered that it serves none (so that it is not asked before every command).
/// Only a cache: a file that is missing, unreadable, too old or of another schema is fetched again, and a failed
/// write is ignored.
struct PasswordPolicyCache {
    /// The cache file.
    let file: FolderCache
    /// How the backend reads in the file, for people.
    let backend: String

    /// A policy fetched longer ago than this is fetched again.
    static let maxAge: Double = 600

    /// The cache of `target`'s policy beside `store`'s session file; files larger than 64 KiB are ignored.
    init(beside store: SessionStore, target: BackendTarget) {
        // The project is named by the API key on Google's servers, and is the emulator's own on an emulator (which
        // takes any key); its id is left out, as it is known after a sign-in but not always before.
        let server =
            switch target.server {
            case .google: "google " + (target.apiKey ?? "")
            case .emulator(let host): "emulator " + host
            case .endpoint(let url): "endpoint " + url + " " + (target.apiKey ?? "")
            }
        file = FolderCache(
            beside: store, kind: "password-policy", key: server + "\n" + (target.tenantId ?? ""),
            sizeLimit: 64 * 1024)
        backend = target.description
    }

    /// What the cache knows of the backend's policy: the policy, or that the backend serves none.
    struct Entry {
        /// The policy; nil: the backend answered that it serves none (or one of a schema fauth does not read).
        let policy: PasswordPolicy?
    }

    /// What was fetched less than `maxAge` seconds before `now` (`"policy": null` when the backend served none);
    /// nil when the cache holds nothing usable.
    func read(now: UnixTime) -> Entry? {
        guard let document = file.read(), document["version"]?.int == 1,
            let fetchedAt = document["fetchedAt"]?.number, let stored = document["policy"]
        else { return nil }
        let age = now.seconds - fetchedAt
        guard age >= 0, age < Self.maxAge else { return nil }
        if stored == .null { return Entry(policy: nil) }
        guard let object = stored.object else { return nil }
        let cached = PasswordPolicy(json: object)
        guard cached.schemaVersion == PasswordPolicy.supportedSchemaVersion else { return nil }
        return Entry(policy: cached)
    }

    /// Writes `policy` (nil: the backend serves none) as fetched at `now`, atomically; a failure leaves the cache as
    /// it was and is ignored.
    func write(_ policy: PasswordPolicy?, now: UnixTime) {
        file.write([
            "version": 1, "backend": .string(backend), "fetchedAt": .number(now.seconds.rounded(.down)),
            "policy": policy.map { .object($0.json) } ?? .null,
        ])
    }
}
