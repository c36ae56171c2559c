/// Where a profile's session file lives (docs/design/session.md, "Where").
package enum SessionLocation {
    /// The profile used when neither `--profile` nor `FAUTH_PROFILE` names one.
    package static let defaultProfile = "default"

    /// `--session` > `FAUTH_SESSION` > `<sessions folder>/<profile>.json`; an invalid profile name → `usage`.
    package static func path(sessionOption: String?, profile: String?, environment: [String: String]) throws -> String {
        let profile = profile ?? defaultProfile
        guard isValidProfileName(profile) else {
            throw FauthError(
                .usage, message: "Invalid profile name '\(profile)': use 1 to 64 letters, digits, '.', '_' or '-'.")
        }
        if let sessionOption {
            guard !sessionOption.isEmpty else {
                throw FauthError(.empty(.sessionFile))
            }
            return sessionOption
        }
        if let fromEnvironment = environment["FAUTH_SESSION"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return try sessionsFolder(environment: environment) + "/" + profile + ".json"
    }

    /// The store of the session file `path(…)` names, waiting up to `lockTimeout` seconds for its lock; at the
    /// default location under HOME, HOME is its anchor (a folder that must exist: a missing HOME is an error, not a
    /// tree to create).
    package static func store(
        sessionOption: String?, profile: String?, environment: [String: String],
        lockTimeout: Double = CallOptions.defaultTimeout, storage: SecretStorage? = nil
    ) throws -> SessionStore {
        let path = try path(sessionOption: sessionOption, profile: profile, environment: environment)
        let chosen = sessionOption != nil || !(environment["FAUTH_SESSION"] ?? "").isEmpty
        let home = chosen ? nil : try stateHome(environment: environment).home
        return SessionStore(path: path, lockTimeout: lockTimeout, anchor: home, storage: storage)
    }

    /// `$XDG_STATE_HOME/fauth/sessions`; `XDG_STATE_HOME` unset, empty or relative → `$HOME/.local/state`.
    package static func sessionsFolder(environment: [String: String]) throws -> String {
        try stateHome(environment: environment).folder + "/fauth/sessions"
    }

    /// The state folder, and HOME when it is the one under HOME (then HOME must exist).
    private static func stateHome(environment: [String: String]) throws -> (folder: String, home: String?) {
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            return (trimmingTrailingSlashes(stateHome), nil)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw FauthError(.noSessionFolder)
        }
        return (trimmingTrailingSlashes(home) + "/.local/state", trimmingTrailingSlashes(home))
    }

    /// Whether `name` matches `[A-Za-z0-9._-]{1,64}`. No profile's file can be taken for another's temporary file
    /// (`.<file>~tmp-*`: `~` is not in a profile name) or lock file (`<file>.lock` does not end in `.json`).
    package static func isValidProfileName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    return true
                default:
                    return false
                }
            }
    }

    /// `/a/b//` → `/a/b`; `/` stays empty so that appending `/x` gives `/x`.
    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") {
            trimmed = trimmed.dropLast()
        }
        return String(trimmed)
    }
}
