import FauthJSON
import Foundation

/// Why a guarded run failed: the process outlived its wall-clock limit and was killed.
struct HangError: Error, CustomStringConvertible {
    let description: String
}

extension FauthSandbox {
    /// Runs `fauth` and waits at most `seconds` of wall-clock time; a run still going then is killed and reported
    /// as a `HangError`.
    func guardedRun(
        raw arguments: [[UInt8]], stdin: [UInt8]? = nil, environment extra: [String: String] = [:],
        inSandbox: Bool = false, shell: String? = nil, within seconds: Double = 60
    ) throws -> FauthRun {
        let process = try start(raw: arguments, stdin: stdin, environment: extra, inSandbox: inSandbox, shell: shell)
        return try FauthRun(finished: process, within: seconds)
    }

    /// Runs `fauth` with `arguments` under a wall-clock guard, as `guardedRun(raw:)` does.
    func guardedRun(
        _ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:],
        umask: String? = nil, inSandbox: Bool = false, shell: String? = nil, within seconds: Double = 60
    ) throws -> FauthRun {
        let process = try start(
            raw: arguments.map { Array($0.utf8) }, stdin: stdin.map { Array($0.utf8) }, environment: extra,
            umask: umask, inSandbox: inSandbox, shell: shell)
        return try FauthRun(finished: process, within: seconds)
    }

    /// The names in the profiles' sessions folder, but for the password-policy cache (only a cache: a command may
    /// write it, success or not, as it asks the backend for its policy).
    func sessionFolderEntries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("state/fauth/sessions").path))
            ?? [])
            .filter { !Self.isPasswordPolicyCache($0) }
    }

    /// Whether `name` (a path's last part) is a password-policy cache file, `password-policy-HASH.cache`.
    static func isPasswordPolicyCache(_ name: String) -> Bool {
        name.hasPrefix("password-policy-") && name.hasSuffix(".cache")
    }

    /// The POSIX permission bits of a file, nil when it does not exist.
    func permissions(of path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }
}

extension FauthRun {
    /// Whether the exit status is one of the documented ones: 0 to 12, or 130.
    var hasDocumentedStatus: Bool { (0...12).contains(status) || status == 130 }
}

/// The payload of a JWT (its middle part, base64url-decoded and parsed), nil when the token is not one.
func jwtPayload(_ token: String) -> JSONValue? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    guard let data = Data(base64Encoded: base64) else { return nil }
    return try? JSONValue.parse(Array(data))
}

/// A count from the environment variable `name` (for deeper runs), else `standard`.
func configuredCount(_ name: String, default standard: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap(Int.init).map { max($0, 1) } ?? standard
}
