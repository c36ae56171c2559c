import Foundation
import Glibc

/// A fresh folder under /tmp for one test, removed with everything in it when the test is done.
final class TemporaryFolder {
    /// The folder's absolute path.
    let path: String

    init() {
        var template = Array("/tmp/fauth-core-tests-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to a file inside the folder with `mode`, returns its path.
    @discardableResult
    func write(_ name: String, _ text: String, mode: mode_t = 0o600) -> String {
        let filePath = file(name)
        precondition(
            FileManager.default.createFile(atPath: filePath, contents: Data(text.utf8)), "cannot create \(filePath)")
        chmod(filePath, mode)
        return filePath
    }

    /// The names in the folder (or a subfolder), sorted.
    func names(in subfolder: String? = nil) -> [String] {
        let folder = subfolder.map { file($0) } ?? path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}

/// The permission bits of a file or folder.
func permissions(_ path: String) -> mode_t {
    var info = stat()
    precondition(stat(path, &info) == 0, "stat \(path) failed")
    return info.st_mode & 0o7777
}
