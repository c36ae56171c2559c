#if canImport(Glibc)
import Glibc
#endif

/// The folder that holds a session file: created 0700 when missing, refused when others could replace files in it.
enum SessionFolder {
    /// The folder part of a file path (`.` for a bare name, `/` for a file at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else {
            return "."
        }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates the folder of `path` (and missing parents below `anchor`, which must exist) with mode 0700, then checks
    /// that every folder on the way is safe (`verify`).
    static func prepare(forFile path: String, anchor: String? = nil) throws {
        let folder = folder(of: path)
        try create(folder, anchor: anchor)
        guard try verify(folder) else {
            throw FauthError(.sessionStoreError, message: "The session folder \(folder) disappeared while fauth was using it.")
        }
    }

    /// Walks `folder` from `/` (or from the working folder for a relative path) without following links: every
    /// folder on the way must be a real folder (not a symbolic link), owned by the user or root, and not writable by
    /// group or others (unless sticky, as /tmp). False when a part of it does not exist; `session-store-error` naming
    /// the folder and the fix when one is unsafe (session.md, "How it is read").
    static func verify(_ folder: String) throws -> Bool {
        var current = folder.hasPrefix("/") ? "/" : "."
        var parts = folder.split(separator: "/").map(String.init)[...]
        while true {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else { throw failure(current, SystemError.current("lstat")) }
                return false
            }
            while parts.first == "." { parts.removeFirst() }
            if let problem = problem(info, at: current, last: parts.isEmpty) {
                throw FauthError(.sessionStoreError, message: "The session folder \(current) \(problem)")
            }
            guard let next = parts.popFirst() else { return true }
            current = current == "/" ? "/" + next : current + "/" + next
        }
    }

    /// Why a folder on the way to a session file (the `last` one holds it) is unsafe, with the fix; nil when safe.
    static func problem(_ info: stat, at folder: String, last: Bool) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return "is a symbolic link; fauth does not follow links to its session file: name the real folder."
        default: return "is not a folder."
        }
        if info.st_uid != geteuid() && info.st_uid != 0 {
            return "is owned by another user (uid \(info.st_uid)); use a folder of your own (uid \(geteuid()))."
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
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
    }

    /// `mkdir -p` with mode 0700 for every folder it creates (the umask can only remove bits from 0700); never
    /// creates `anchor` (a missing HOME is an error, not a tree to create).
    private static func create(_ folder: String, anchor: String?) throws {
        if folder == "/" || folder == "." || folder.isEmpty {
            return
        }
        var info = stat()
        if lstat(folder, &info) == 0 {
            return
        }
        guard errno == ENOENT else {
            throw failure(folder, SystemError.current("lstat"))
        }
        if let anchor, folder == anchor {
            throw FauthError(
                .sessionStoreError, message: "The folder \(folder) does not exist, and fauth does not create a home folder: "
                    + "set HOME to an existing folder, or set XDG_STATE_HOME or FAUTH_SESSION.")
        }
        try create(self.folder(of: folder), anchor: anchor)
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw failure(folder, SystemError.current("mkdir"))
        }
    }

    private static func failure(_ folder: String, _ error: SystemError) -> FauthError {
        FauthError(
            .sessionStoreError, message: "Cannot use the session folder \(folder): \(error.description).",
            underlying: error.underlying)
    }
}
