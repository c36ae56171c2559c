import Glibc

/// What `fauth-emulator exec` gives its command besides the caller's environment: the emulator's address
/// (`FIREBASE_AUTH_EMULATOR_HOST`), its project (`GCLOUD_PROJECT`, which the Admin SDKs read), the binaries' folder
/// first on `PATH`, and a state folder of its own (`XDG_STATE_HOME`), so that `fauth` inside a test script never sees
/// or touches the user's own sessions. `FAUTH_ENDPOINT` is removed: it names another backend, which fauth would refuse
/// beside the emulator's variable. The caller's other fauth variables are kept, as none names another server:
/// `FAUTH_SESSION` (naming a file is a deliberate choice), `FAUTH_PROFILE`, `FAUTH_CONFIG`, `FAUTH_API_KEY`,
/// `FAUTH_TENANT` (a key and tenant the emulator serves like any other).
enum ExecEnvironment {
    /// The variables `exec` sets, replacing the caller's.
    static let replaced = ["FIREBASE_AUTH_EMULATOR_HOST", "GCLOUD_PROJECT", "PATH", "XDG_STATE_HOME"]
    /// The variables `exec` removes: each names another backend than the emulator.
    static let removed = ["FAUTH_ENDPOINT"]

    /// `base` (`NAME=value` entries) with the variables `exec` sets replaced and those it removes gone.
    static func make(base: [String], authority: String, projectId: String, stateHome: String, binaries: String?)
        -> [String]
    {
        let path = base.last { $0.hasPrefix("PATH=") }.map { String($0.dropFirst(5)) }
        var environment = base.filter { entry in !(replaced + removed).contains { entry.hasPrefix($0 + "=") } }
        environment.append("FIREBASE_AUTH_EMULATOR_HOST=\(authority)")
        environment.append("GCLOUD_PROJECT=\(projectId)")
        environment.append("PATH=" + [binaries, path].compactMap { $0 }.joined(separator: ":"))
        environment.append("XDG_STATE_HOME=\(stateHome)")
        return environment
    }

    /// Makes a fresh 0700 folder `fauth-exec-XXXXXX` under `$TMPDIR` (when absolute) or `/tmp`; nil when it cannot.
    static func makeStateFolder(temporaryDirectory: String?) -> String? {
        let parent = temporaryDirectory.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((parent + "/fauth-exec-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }

    /// Removes `path` and everything under it without following symbolic links (a link is removed, not its target).
    static func removeTree(_ path: String) {
        removeTree(bytes: Array(path.utf8CString.dropLast()))
    }

    /// `removeTree` over raw path bytes (no NUL), so that names that are not UTF-8 are removed too.
    private static func removeTree(bytes path: [CChar]) {
        let terminated = path + [0]
        var info = stat()
        guard lstat(terminated, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR, let stream = opendir(terminated) else {
            unlink(terminated)
            return
        }
        var children: [[CChar]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                Array($0.prefix { $0 != 0 }.map { CChar(bitPattern: $0) })
            }
            if name != [46], name != [46, 46] { children.append(path + [47] + name) }  // not "." or ".."
        }
        closedir(stream)
        for child in children { removeTree(bytes: child) }
        rmdir(terminated)
    }
}
