import FauthJSON
import Foundation

/// A failure reading or writing an export folder.
package struct StateArchiveError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the file.
    package let description: String
}

/// Every project's users, config and tenants in an export folder. The default project is in the Firebase emulators'
/// layout, which Firebase's emulator imports: `firebase-export-metadata.json`, `<auth.path>/accounts.json` (its users
/// and its tenants' users, each with its `tenantId`), `<auth.path>/config.json`; fauth adds
/// `<auth.path>/tenants.json` (the tenants' configurations, `{"tenants": [{"tenantId", toggles, "displayName",
/// "mfaConfig", …}]}`) and, when other projects exist, `<auth.path>/projects.json` (`{"projects": [{"projectId",
/// "folder": "projects/N"}]}`) with each of those projects in `<auth.path>/projects/N/` in the same three files.
/// Accounts are written and read one at a time (compact JSON), so memory does not follow the number of accounts.
enum StateArchive {
    /// The firebase-tools version the metadata names (the one the reference describes).
    static let firebaseToolsVersion = "15.28.1"
    /// The auth folder name Firebase's emulators use.
    static let authFolder = "auth_export"
    /// The list of the other projects, in the auth folder.
    static let projectsManifest = "projects.json"

    /// What an export takes, each project under its own lock: O(1) copies of the users, the config and the tenants.
    struct Capture {
        fileprivate let projects: [ProjectArchive.Capture]

        /// Writes the folder (created when missing; the accounts in an owner-only `auth_export`), without the locks.
        func write(to directory: String) throws(StateArchiveError) {
            let folder = directory + "/" + authFolder
            try ArchiveFile.makeDirectory(directory, restrict: false)
            try ArchiveFile.makeDirectory(folder, restrict: true)
            let metadata: JSONValue = [
                "version": .string(firebaseToolsVersion),
                "auth": ["version": .string(firebaseToolsVersion), "path": .string(authFolder)],
            ]
            try ArchiveFile.writeJSON(metadata, to: directory + "/firebase-export-metadata.json")
            guard let defaultProject = projects.first else { return }
            try defaultProject.write(to: folder)
            var manifest: [JSONValue] = []
            for (index, project) in projects.dropFirst().enumerated() {
                let name = "projects/\(index)"
                try ArchiveFile.makeDirectory(folder + "/" + name, restrict: true)
                try project.write(to: folder + "/" + name)
                manifest.append(["projectId": .string(project.projectId), "folder": .string(name)])
            }
            let manifestPath = folder + "/" + projectsManifest
            if manifest.isEmpty {
                unlink(manifestPath)
            } else {
                try ArchiveFile.writeJSON(["projects": .array(manifest)], to: manifestPath)
            }
        }
    }

    /// A capture of every project in `registry`, the default project first.
    static func capture(_ registry: ProjectRegistry) -> Capture {
        Capture(projects: registry.allStates.map(ProjectArchive.capture))
    }

    /// An export folder's projects, read before any project's lock is taken.
    struct Contents {
        /// The default project's contents, then the others'.
        var projects: [ProjectArchive.Contents]
        /// The project ids of `projects` after the first, in order.
        let otherProjectIds: [String]

        /// Replaces the users, config and tenants of each project named in the folder; a config the emulator
        /// refuses is an error naming the file and saying why, in the emulator's words.
        func restore(into registry: ProjectRegistry) throws(StateArchiveError) {
            let ids: [String?] = [nil] + otherProjectIds.map { $0 }
            for (id, contents) in zip(ids, projects) {
                let state: EmulatorState
                do {
                    state = try registry.state(for: id)
                } catch {
                    throw StateArchiveError(description: "project \(id ?? registry.defaultProjectId): \(error.message)")
                }
                try state.lock.withLock { () throws(StateArchiveError) in try contents.restore(into: state) }
            }
        }
    }

    /// Reads an export folder: the default project's files, then every project `projects.json` lists.
    static func read(from directory: String) throws(StateArchiveError) -> Contents {
        let metadata = try readObject(directory + "/firebase-export-metadata.json")
        let folder = directory + "/" + (metadata["auth"]?["path"]?.string ?? authFolder)
        var projects = [try ProjectArchive.read(from: folder)]
        var ids: [String] = []
        let manifestPath = folder + "/" + projectsManifest
        if FileManager.default.fileExists(atPath: manifestPath) {
            for entry in try projectEntries(readObject(manifestPath), path: manifestPath) {
                projects.append(try ProjectArchive.read(from: folder + "/" + entry.folder))
                ids.append(entry.projectId)
            }
        }
        return Contents(projects: projects, otherProjectIds: ids)
    }

    /// The entries of `projects.json`: each a non-empty `projectId` named once, in a folder `projects/N`.
    private static func projectEntries(_ manifest: JSONObject, path: String) throws(StateArchiveError) -> [(
        projectId: String, folder: String
    )] {
        guard case .array(let list)? = manifest["projects"] else {
            throw StateArchiveError(description: "\(path) has no \"projects\" array")
        }
        var entries: [(projectId: String, folder: String)] = []
        for (index, entry) in list.enumerated() {
            guard let projectId = entry["projectId"]?.string, !projectId.isEmpty,
                let folder = entry["folder"]?.string, folder.hasPrefix("projects/"),
                let number = Int(folder.dropFirst("projects/".count)), number >= 0, folder == "projects/\(number)"
            else {
                throw StateArchiveError(
                    description: "\(path): projects[\(index)] needs a projectId and a folder \"projects/N\"")
            }
            guard !entries.contains(where: { $0.projectId == projectId }) else {
                throw StateArchiveError(description: "\(path): projects[\(index)] names \(projectId) again")
            }
            entries.append((projectId, folder))
        }
        return entries
    }

    /// A descriptor reading `path`, which must be a regular file (a symbolic link to one is followed): a FIFO there
    /// would hold the emulator's start until something wrote to it, and a device such as /dev/zero would never end.
    static func openRegularFile(_ path: String) throws(StateArchiveError) -> Int32 {
        // O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer; it changes nothing for a regular file.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw StateArchiveError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw StateArchiveError(description: "cannot read \(path): not a regular file")
        }
        return fd
    }

    /// The most `firebase-export-metadata.json` and `config.json` may hold (each is a few hundred bytes as Firebase
    /// writes it); the accounts file, read one account at a time, has no such limit.
    static let maximumSmallFileBytes = 16 << 20

    /// The whole of a small export file (at most `maximumSmallFileBytes`).
    private static func readBytes(_ path: String) throws(StateArchiveError) -> [UInt8] {
        let fd = try openRegularFile(path)
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count: Int
            do {
                count = try FileChunk.read(fd, into: &chunk)
            } catch {
                throw StateArchiveError(description: "cannot read \(path): \(String(cString: strerror(error.code)))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= maximumSmallFileBytes else {
                throw StateArchiveError(
                    description: "cannot read \(path): larger than \(maximumSmallFileBytes >> 20) MiB")
            }
        }
    }

    /// The JSON object in the small file `path`.
    static func readObject(_ path: String) throws(StateArchiveError) -> JSONObject {
        let bytes = try readBytes(path)
        do {
            guard let object = try JSONValue.parse(bytes).object else {
                throw StateArchiveError(description: "\(path) does not hold a JSON object")
            }
            return object
        } catch let error as StateArchiveError {
            throw error
        } catch {
            throw StateArchiveError(description: "\(path) is not valid JSON: \(error)")
        }
    }

}
