/// Where a profile's session file lives (session.md, "Where").
public enum SessionLocation {
    /// The profile used when neither `--profile` nor `FAUTH_PROFILE` names one.
    public static let defaultProfile = "default"

    /// `--session` > `FAUTH_SESSION` > `<sessions folder>/<profile>.json`; an invalid profile name → `usage`.
    public static func path(sessionOption: String?, profile: String?, environment: [String: String]) throws -> String {
        let profile = profile ?? defaultProfile
        guard isValidProfileName(profile) else {
            throw FauthError(
                .usage, message: "Invalid profile name '\(profile)': use 1 to 64 letters, digits, '.', '_' or '-'.")
        }
        if let sessionOption {
            guard !sessionOption.isEmpty else {
                throw FauthError(.usage, message: "--session needs a file path.")
            }
            return sessionOption
        }
        if let fromEnvironment = environment["FAUTH_SESSION"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return try sessionsFolder(environment: environment) + "/" + profile + ".json"
    }

    /// `$XDG_STATE_HOME/fauth/sessions`; `XDG_STATE_HOME` unset, empty or relative → `$HOME/.local/state`.
    public static func sessionsFolder(environment: [String: String]) throws -> String {
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            return trimmingTrailingSlashes(stateHome) + "/fauth/sessions"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw FauthError(
                .usage, message: "Cannot find the session folder: HOME is not set to an absolute path; set HOME, "
                    + "XDG_STATE_HOME or FAUTH_SESSION, or pass --session FILE.")
        }
        return trimmingTrailingSlashes(home) + "/.local/state/fauth/sessions"
    }

    /// Whether `name` matches `[A-Za-z0-9._-]{1,64}`.
    public static func isValidProfileName(_ name: String) -> Bool {
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
