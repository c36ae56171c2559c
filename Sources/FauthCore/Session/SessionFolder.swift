#if canImport(Glibc)
import Glibc
#endif

/// The folder that holds a session file: created 0700 when missing, refused when others could replace files in it.
enum SessionFolder {
    /// The folder part of a file path (`.` for a bare name, `/` for a file at the root). Paths are cut at their `/`
    /// bytes, as the kernel reads them: a `/` that a Character joins to the character before it (`g\u{600}/`) is
    /// still a separator, so no folder the kernel goes through escapes the walk.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            return "."
        }
        return slash == path.utf8.startIndex ? "/" : String(Substring(path.utf8[..<slash]))
    }

    /// The last name of a path: what follows its last `/` byte, the whole path when it has none.
    static func lastName(of path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            return Substring(path)
        }
        return Substring(path.utf8[path.utf8.index(after: slash)...])
    }

    /// Creates the folder of `path` (and missing parents below `anchor`, which must exist) with mode 0700, checking
    /// every folder on the way as `verify` does before going further, so that nothing is made through a symbolic
    /// link or in a folder others could write. A path that names a folder (`x/`, `x/..`) is refused first.
    static func prepare(forFile path: String, anchor: String? = nil) throws {
        let name = lastName(of: path)
        guard !["", ".", ".."].contains(name) else {
            throw FauthError(.sessionStoreError, message: "The session file \(path) names a folder, not a file.")
        }
        _ = try walk(folder(of: path), creatingBelow: anchor.map(components) ?? [])
    }

    /// Walks `folder` from `/` (or from the working folder for a relative path) without following links: every
    /// folder on the way must be a real folder (not a symbolic link), owned by the user or root, and not writable by
    /// group or others (unless sticky, as /tmp). False when a part of it does not exist; `session-store-error` naming
    /// the folder and the fix when one is unsafe (docs/design/session.md, "How it is read").
    static func verify(_ folder: String) throws -> Bool {
        try walk(folder, creatingBelow: nil)
    }

    /// `verify`'s walk; with `creatingBelow` (the anchor's components, empty for none) a missing folder is made
    /// 0700 and checked in turn, unless it is the anchor or above it (a missing HOME is an error, not a tree to
    /// create). The umask can only remove bits from 0700.
    private static func walk(_ folder: String, creatingBelow anchor: [Substring]?) throws -> Bool {
        var current = folder.hasPrefix("/") ? "/" : "."
        var walked: [Substring] = []
        var parts = components(folder)[...]
        let user = geteuid()
        while true {
            var info = stat()
            if lstat(current, &info) != 0 {
                guard errno == ENOENT else { throw failure(current, SystemError.current("lstat")) }
                guard let anchor else { return false }
                if !anchor.isEmpty && anchor.starts(with: walked) {
                    throw FauthError(
                        .sessionStoreError,
                        message: "The folder \(current) does not exist, and fauth does not create a home folder: "
                            + "set HOME to an existing folder, or set XDG_STATE_HOME or FAUTH_SESSION.")
                }
                guard mkdir(current, 0o700) == 0 || errno == EEXIST else {
                    throw failure(current, SystemError.current("mkdir"))
                }
                guard lstat(current, &info) == 0 else { throw failure(current, SystemError.current("lstat")) }
            }
            if let problem = problem(info, at: current, last: parts.isEmpty, user: user) {
                throw FauthError(.sessionStoreError, message: "The session folder \(current) \(problem)")
            }
            guard let next = parts.popFirst() else { return true }
            walked.append(next)
            // String + String: `+ next` (a Substring) appends through the unspecialised generic path, whose first
            // use instantiates its types from mangled names and scans every conformance record (80 k instructions).
            current = (current == "/" ? "/" : current + "/") + String(next)
        }
    }

    /// The names along a path, without empty ones and `.` (`/a//./b/` → `a`, `b`), cut at `/` bytes as `folder(of:)`.
    private static func components(_ path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }.filter { $0 != "." }
    }

    /// Why a folder on the way to a session file (the `last` one holds it) is unsafe for `user` (the effective uid),
    /// with the fix; nil when safe.
    static func problem(_ info: stat, at folder: String, last: Bool, user: uid_t) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK:
            return "is a symbolic link; fauth does not follow links to its session file: name the real folder."
        default: return "is not a folder."
        }
        if info.st_uid != user && info.st_uid != 0 {
            return "is owned by another user (uid \(info.st_uid)); use a folder of your own (uid \(user))."
        }
        if let problem = problem(mode: info.st_mode) {
            return "\(problem); run: chmod \(last ? "700" : "go-w") \(folder)"
        }
        return nil
    }

    /// Why a folder with this mode is unsafe for the session file, nil when it is safe: writable by group or
    /// others lets them replace the file, unless the sticky bit (as on /tmp) stops them.
    static func problem(mode: mode_t) -> String? {
        if mode & (S_IWGRP | S_IWOTH) != 0 && mode & S_ISVTX == 0 {
            return "is writable by group or others"
        }
        return nil
    }

    /// Makes renames and removals in `folder` durable; a folder that cannot be synced (some file systems) does not
    /// undo them.
    static func sync(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
    }

    /// The names of the entries in `folder`, `.` and `..` included.
    static func names(in folder: String) throws(SystemError) -> [String] {
        guard let stream = opendir(folder) else {
            throw SystemError.current("opendir")
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            names.append(
                withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
    }

    private static func failure(_ folder: String, _ error: SystemError) -> FauthError {
        FauthError(
            .sessionStoreError, message: "Cannot use the session folder \(folder): \(error.description).",
            underlying: error.underlying)
    }
}
