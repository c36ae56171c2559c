import FauthJSON
import Foundation

/// A failure reading or writing an export folder.
package struct StateArchiveError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the file.
    package let description: String
}

/// The users and config in the Firebase emulators' export layout:
/// `firebase-export-metadata.json`, `<auth.path>/accounts.json`, `<auth.path>/config.json`.
/// Accounts are written and read one at a time (compact JSON), so memory does not follow the number of accounts.
enum StateArchive {
    /// The firebase-tools version the metadata names (the one the reference describes).
    static let firebaseToolsVersion = "15.28.1"
    /// The auth folder name Firebase's emulators use.
    static let authFolder = "auth_export"

    /// What an export takes under the emulator's lock: O(1) copies of each project's users and of the config.
    struct Capture {
        fileprivate let projects: [UserSnapshot]
        fileprivate let config: JSONObject

        /// Writes the folder (created when missing; the accounts in an owner-only `auth_export`), without the lock.
        func write(to directory: String) throws(StateArchiveError) {
            let folder = directory + "/" + authFolder
            try ArchiveFile.makeDirectory(directory, restrict: false)
            try ArchiveFile.makeDirectory(folder, restrict: true)
            let metadata: JSONValue = [
                "version": .string(firebaseToolsVersion),
                "auth": ["version": .string(firebaseToolsVersion), "path": .string(authFolder)],
            ]
            try writeJSON(metadata, to: directory + "/firebase-export-metadata.json")
            var accounts = try ArchiveFile(path: folder + "/accounts.json")
            try accounts.append(#"{"kind":"identitytoolkit#DownloadAccountResponse","users":["#.utf8)
            var first = true
            for project in projects {
                for user in project.usersInOrder {
                    if !first { try accounts.append(CollectionOfOne(UInt8(ascii: ","))) }
                    first = false
                    try accounts.append(JSONValue.object(user.archivedAccountInfo).serializedBytes(pretty: false))
                }
            }
            try accounts.append("]}".utf8)
            try accounts.commit()
            try writeJSON(.object(config), to: folder + "/config.json")
        }
    }

    /// A capture of `state`.
    static func capture(_ state: EmulatorState) -> Capture {
        let projects = [state.defaultProject] + state.tenantIds.sorted().map { state.project(tenantId: $0) }
        return Capture(projects: projects.map(\.snapshot), config: state.config.json)
    }

    /// An export folder's accounts (as each project's table) and config, read before the emulator's lock is taken.
    struct Contents {
        /// The accounts by tenant id (nil for the default project), in the file's order.
        let tables: [String?: UserTable]
        let config: JSONObject
        /// Where `config` was read from, for a refusal to name.
        let configPath: String

        /// Replaces the users in `state` with these and applies the config; a config the emulator refuses is an
        /// error naming the file and saying why, in the emulator's words.
        func restore(into state: EmulatorState) throws(StateArchiveError) {
            do {
                try state.config.apply(config)
            } catch {
                throw StateArchiveError(description: "\(configPath) is refused: \(error.message)")
            }
            state.defaultProject.deleteAllUsers()
            for tenantId in state.tenantIds { state.project(tenantId: tenantId).deleteAllUsers() }
            for (tenantId, table) in tables { state.project(tenantId: tenantId).replaceUsers(with: table) }
        }
    }

    /// Reads an export folder, the accounts one at a time, each held to batchCreate's rules (`ImportedAccounts`).
    static func read(from directory: String) throws(StateArchiveError) -> Contents {
        let metadata = try readObject(directory + "/firebase-export-metadata.json")
        let folder = metadata["auth"]?["path"]?.string ?? authFolder
        let accountsPath = directory + "/" + folder + "/accounts.json"
        let configPath = directory + "/" + folder + "/config.json"
        let config = FileManager.default.fileExists(atPath: configPath) ? try readObject(configPath) : [:]
        let fd = try openRegularFile(accountsPath)
        defer { close(fd) }
        var reader = JSONArrayReader(fileDescriptor: fd)
        var accounts = ImportedAccounts()
        do {
            try reader.forEachElement(ofMember: "users") { element in
                let entry: JSONValue
                do {
                    entry = try JSONValue.parse(Array(element))
                } catch let error as JSONParseError {
                    throw JSONArrayReader.Malformed(description: "is not valid JSON: \(error.description)")
                }
                try accounts.add(entry)
            }
        } catch let failure as FileChunk.ReadFailure {
            throw StateArchiveError(
                description: "cannot read \(accountsPath): \(String(cString: strerror(failure.code)))")
        } catch let refusal as StateArchiveError {
            throw StateArchiveError(description: "\(accountsPath): \(refusal.description)")
        } catch {
            throw StateArchiveError(description: "\(accountsPath) \(error)")
        }
        return Contents(tables: accounts.tables, config: config, configPath: configPath)
    }

    /// A descriptor reading `path`, which must be a regular file (a symbolic link to one is followed): a FIFO there
    /// would hold the emulator's start until something wrote to it, and a device such as /dev/zero would never end.
    private static func openRegularFile(_ path: String) throws(StateArchiveError) -> Int32 {
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

    private static func writeJSON(_ value: JSONValue, to path: String) throws(StateArchiveError) {
        var file = try ArchiveFile(path: path)
        try file.append(value.serializedBytes(pretty: false))
        try file.commit()
    }
}
