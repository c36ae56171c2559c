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

    /// Creates the folder of `path` (and missing parents) with mode 0700, then checks that it is safe to write in.
    static func prepare(forFile path: String) throws {
        let folder = folder(of: path)
        try create(folder)
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw failure(folder, SystemError.current("stat"))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw FauthError(.sessionStoreError, message: "The session folder \(folder) is not a folder.")
        }
        if let problem = problem(mode: info.st_mode) {
            throw FauthError(.sessionStoreError, message: "The session folder \(folder) \(problem); run: chmod 700 \(folder)")
        }
    }

    /// Why a folder with this mode is unsafe for the session file, nil when it is safe: writable by group or
    /// others lets them replace the file, unless the sticky bit (as on /tmp) stops them.
    static func problem(mode: mode_t) -> String? {
        if mode & (S_IWGRP | S_IWOTH) != 0 && mode & S_ISVTX == 0 {
            return "is writable by group or others"
        }
        return nil
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

    /// `mkdir -p` with mode 0700 for every folder it creates (the umask can only remove bits from 0700).
    private static func create(_ folder: String) throws {
        if folder == "/" || folder == "." || folder.isEmpty {
            return
        }
        var info = stat()
        if stat(folder, &info) == 0 {
            return
        }
        guard errno == ENOENT else {
            throw failure(folder, SystemError.current("stat"))
        }
        try create(self.folder(of: folder))
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
